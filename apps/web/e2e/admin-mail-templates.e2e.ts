import type { MailTemplate } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations as axeViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';
import { mailMatching } from './outbox.js';

const HOST = 'demo.localhost';
const RESET_TR = '/api/admin/mail-templates/password_reset/tr';

/**
 * Serious or critical accessibility problems of the page. The preview frame holds the administrator's own mail, not
 * Kampus's screen, and its sandbox runs no script, so axe could not look inside anyway (it would wait for it).
 */
const seriousViolations = (page: Page) =>
  axeViolations(page, (builder) => builder.exclude('[data-testid="mail-preview-frame"]'));

/** The Subject line of the newest mail to an address whose subject matches `pattern`; waits for the mail job. */
async function subjectMailedTo(address: string, pattern: RegExp): Promise<string> {
  const subjectOf = (mail: string) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '';
  return subjectOf(await mailMatching(address, (mail) => pattern.test(subjectOf(mail)), 10_000));
}

describe('admin mail templates in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('lets the demo admin change the password-reset subject, see it in the preview, and have it mailed', async () => {
    const page = await (await browser.newContext()).newPage();
    const stamp = Date.now().toString(36);
    const subject = `Yeni sifre ${stamp} - {{company}}`;
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/mail-templates`);
    const edit = page.getByTestId('mail-template-edit-password_reset-tr');
    await edit.waitFor();
    expect(await edit.getAttribute('data-customized')).toBe('false');
    expect(await seriousViolations(page)).toEqual([]);

    await edit.click();
    await page.waitForURL(/\/admin\/mail-templates\/password_reset\/tr$/);
    const subjectInput = page.getByTestId('mail-template-subject');
    await page.getByTestId('mail-preview-subject').waitFor();
    // The built-in subject, previewed with the company's own name.
    expect(await page.getByTestId('mail-preview-subject').textContent()).toMatch(/ – Şifre sıfırlama$/);

    await subjectInput.fill(subject);
    // The variable is filled with the company's name, as the mail will be.
    await page
      .getByTestId('mail-preview-subject')
      .filter({ hasText: `Yeni sifre ${stamp} - Demo` })
      .waitFor();
    const frame = page.frameLocator('[data-testid="mail-preview-frame"]');
    await frame.getByRole('link', { name: 'Şifremi sıfırla' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // An unknown variable is explained in the preview before anything is saved.
    await subjectInput.fill(`${subject} {{salary}}`);
    await page.getByTestId('mail-preview-error').filter({ hasText: '{{salary}}' }).waitFor();
    await subjectInput.fill(subject);
    await page.getByTestId('mail-preview-error').waitFor({ state: 'detached' });

    await page.getByTestId('mail-template-form-save').click();
    await page.waitForURL(/\/admin\/mail-templates$/);
    await page.locator('[data-testid="mail-template-edit-password_reset-tr"][data-customized="true"]').waitFor();
    const token = await apiLogin(HOST, 'admin@demo.test');
    const saved = await apiCall<{ data: MailTemplate }>(HOST, 'GET', RESET_TR, undefined, token);
    expect(saved.data).toMatchObject({ customized: true, subject });

    // The next password-reset mail of a Turkish-speaking person of the company carries the new subject.
    await apiCall(HOST, 'POST', '/api/forgot-password', { username: 'learner@demo.test' });
    expect(await subjectMailedTo('learner@demo.test', new RegExp(`Yeni sifre ${stamp}`))).toMatch(
      new RegExp(`^Yeni sifre ${stamp} - Demo`),
    );

    // Back to the built-in text, after confirming.
    await page.getByTestId('mail-template-edit-password_reset-tr').click();
    await page.getByTestId('mail-template-reset').click();
    await page.getByTestId('confirm-accept').click();
    await page.getByTestId('mail-template-default-notice').waitFor();
    expect(await subjectInput.inputValue()).toBe('{{company}} – Şifre sıfırlama');
    const reset = await apiCall<{ data: MailTemplate }>(HOST, 'GET', RESET_TR, undefined, token);
    expect(reset.data.customized).toBe(false);
  });
});

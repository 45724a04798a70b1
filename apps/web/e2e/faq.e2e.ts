import type { AdminIntegration, Faq } from '@kampus/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

describe('FAQ and integrations in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('the admin adds a question in two languages; a learner finds it on /faq by searching', async () => {
    const stamp = Date.now().toString(36);
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'demo', 'admin@demo.test');
    // /admin/faq opens the list.
    await admin.goto(`${origin('demo')}/admin/faq`);
    await admin.waitForURL(/\/admin\/faq\/list$/);
    await admin.getByTestId('faq-add').first().click();
    await admin.waitForURL(/\/admin\/faq\/add$/);

    // Saving with nothing written is refused before sending.
    await admin.getByTestId('faq-form-save').click();
    await admin.getByRole('alert').filter({ hasText: 'En az bir dilde yazın.' }).first().waitFor();
    expect(admin.url()).toMatch(/\/admin\/faq\/add$/);

    // Turkish is Demo Holding's default language: its tab opens first.
    await admin.getByTestId('faq-question-tr').fill(`Otopark kartımı nereden alırım ${stamp}?`);
    await admin.getByTestId('faq-answer-tr').fill('<p>Resepsiyondan <b>kimliğinizle</b> alabilirsiniz.</p>');
    await admin.getByRole('tab', { name: /English/ }).click();
    await admin.getByTestId('faq-question-en').fill(`Where do I get my parking card ${stamp}?`);
    await admin.getByTestId('faq-answer-en').fill('<p>At the reception, with your ID.</p>');
    await admin.getByTestId('faq-category-select').click();
    await admin.getByRole('option', { name: 'Hesap ve giriş' }).click();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByTestId('faq-form-save').click();
    await admin.waitForURL(/\/admin\/faq\/list$/);
    await admin.getByTestId('table-search').fill(stamp);
    await admin
      .getByTestId('table-row')
      .filter({ hasText: `Otopark kartımı nereden alırım ${stamp}?` })
      .waitFor();
    // Checked once the success toast has gone (its close button has no name).
    await admin.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' });
    expect(await seriousViolations(admin)).toEqual([]);

    const token = await apiLogin(HOST, 'admin@demo.test');
    const saved = await apiCall<{ data: Faq[] }>(HOST, 'GET', `/api/admin/faqs?search=${stamp}`, undefined, token);
    expect(saved.data).toHaveLength(1);
    expect(saved.data[0]).toMatchObject({
      status: 1,
      question: { en: `Where do I get my parking card ${stamp}?` },
      category: { name: { tr: 'Hesap ve giriş' } },
    });

    const learner = await (await browser.newContext()).newPage();
    await signIn(learner, 'demo', 'learner@demo.test');
    await learner.goto(`${origin('demo')}/faq`);
    await learner.getByTestId('faq-question').first().waitFor();
    expect(await seriousViolations(learner)).toEqual([]);
    await learner.getByTestId('faq-search').fill(`KARTIMI nereden ALIRIM ${stamp}`);
    await learner.waitForURL((url) => url.searchParams.get('search') === `KARTIMI nereden ALIRIM ${stamp}`);
    const found = learner.getByTestId('faq-question');
    await expect.poll(() => found.count()).toBe(1);
    await found.getByRole('button', { name: `Otopark kartımı nereden alırım ${stamp}?` }).click();
    await found.getByTestId('faq-answer').getByText('kimliğinizle').waitFor();

    // A search nothing matches says so.
    await learner.getByTestId('faq-search').fill(`yok-boyle-bir-soru-${stamp}`);
    await learner.getByTestId('faq-empty').waitFor();
  });

  it('the admin activates an integration after confirming; the list shows it active with its date', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/integrations`);
    const card = page.getByTestId('integration-udemy_business');
    await card.waitFor();
    expect(await card.getAttribute('data-active')).toBe('false');
    expect(await seriousViolations(page)).toEqual([]);

    // Cancelling changes nothing; confirming switches it on.
    await card.getByTestId('integration-activate').click();
    await page.getByTestId('confirm-cancel').click();
    expect(await card.getAttribute('data-active')).toBe('false');
    await card.getByTestId('integration-activate').click();
    await page.getByTestId('confirm-accept').click();
    await page.locator('[data-testid="integration-udemy_business"][data-active="true"]').waitFor();
    expect(await card.getByTestId('integration-status').textContent()).toBe('Aktif');
    expect(await card.getByTestId('integration-activated-at').textContent()).toMatch(/tarihinden beri aktif$/);

    const token = await apiLogin(HOST, 'admin@demo.test');
    const list = await apiCall<{ data: AdminIntegration[] }>(HOST, 'GET', '/api/admin/integrations', undefined, token);
    expect(list.data.find((i) => i.key_name === 'udemy_business')).toMatchObject({
      active: true,
      activated_at: expect.any(String),
    });

    // And off again, leaving the shared server as it was.
    await card.getByTestId('integration-deactivate').click();
    await page.getByTestId('confirm-accept').click();
    await page.locator('[data-testid="integration-udemy_business"][data-active="false"]').waitFor();
  });
});

import type { AdminIssuedCertificate, CertificateDefinition } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

/** Waits for the page's toasts to leave: their close buttons are not what the axe check is about. */
async function axeClean(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  expect(await seriousViolations(page)).toEqual([]);
}

type Page_<T> = { data: T[]; meta: { total: number } };

/** The demo certificates are rendered by the issuing job after the server starts: wait until a definition's are. */
async function renderedIssued(token: string, definitionId: number): Promise<AdminIssuedCertificate[]> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const { data } = await apiCall<Page_<AdminIssuedCertificate>>(
      HOST,
      'GET',
      `/api/admin/certificates/issued?definition_id=${definitionId}&per_page=100`,
      undefined,
      token,
    );
    // A revoked certificate is never rendered.
    if (data.length > 0 && data.every((c) => c.rendered || c.status === 'revoked')) return data;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the demo certificates were not rendered');
}

describe('certificate definitions and issued certificates in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('the demo admin creates a definition, then revokes, exports and zips a demo definition’s certificates', async () => {
    const token = await apiLogin(HOST, 'admin@demo.test');
    const definitions = (
      await apiCall<Page_<CertificateDefinition>>(HOST, 'GET', '/api/admin/certificates?per_page=100', undefined, token)
    ).data;
    const demo = [...definitions].sort((a, b) => b.issued - a.issued)[0];
    if (!demo || demo.issued < 2) throw new Error('the demo has no definition with issued certificates');
    const education = definitions.find((definition) => definition.trigger === 'education');
    if (!education?.ref_title) throw new Error('no demo education definition');
    const issued = await renderedIssued(token, demo.id);

    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, 'demo', 'admin@demo.test');
    await page.goto(`${origin('demo')}/admin/certificates`);
    await page.getByTestId('table-row').filter({ hasText: demo.name }).waitFor();
    await axeClean(page);

    // A new definition through the form: a training, a template, valid for 18 months.
    const name = `Yangın tatbikatı ${Date.now().toString(36)}`;
    // Started from the footer's quick-create (company.certificate.add), shown now that its screen exists.
    await page.getByTestId('quick-create').click();
    await page.getByTestId('quick-create-certificate').click();
    await page.waitForURL(/\/admin\/certificate\/add$/);
    await page.getByTestId('certificate-name').fill(name);
    const ref = page.getByTestId('certificate-ref');
    await ref.click();
    await ref.fill(education.ref_title.slice(0, 10));
    await page.getByRole('option', { name: education.ref_title }).first().click();
    await page.getByTestId('certificate-template').click();
    await page.getByRole('option').first().click();
    await page
      .getByTestId('certificate-validity')
      .getByText(/Belirli bir süre/)
      .click();
    await page.getByTestId('certificate-validity-months').fill('18');
    await axeClean(page);
    await page.getByTestId('certificate-form-save').click();
    await page.waitForURL(/\/admin\/certificates(\?.*)?$/);
    await page.getByTestId('table-search').fill(name);
    const created = page.getByTestId('table-row').filter({ hasText: name });
    await created.waitFor();
    expect(await created.textContent()).toContain('18 ay');
    const saved = (
      await apiCall<Page_<CertificateDefinition>>(
        HOST,
        'GET',
        `/api/admin/certificates?search=${encodeURIComponent(name)}`,
        undefined,
        token,
      )
    ).data[0];
    expect(saved).toMatchObject({ name, trigger: 'education', validity_months: 18, issued: 0 });

    // The demo definition's issued certificates, with their states and files.
    await page.goto(`${origin('demo')}/admin/certificate/${demo.id}/issued`);
    const rows = page.getByTestId('table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(Math.min(issued.length, 20));
    await page.getByTestId('issued-pdf').first().waitFor();
    await axeClean(page);

    // Revoke a valid one, after saying why.
    const target = issued.find((certificate) => certificate.state === 'valid');
    if (!target) throw new Error('no valid demo certificate');
    await page.getByTestId('table-search').fill(target.number);
    const row = rows.filter({ hasText: target.number });
    await row.waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await row.getByTestId('issued-revoke').click();
    await page.getByTestId('reject-submit').click();
    // The reason is required: nothing is sent without it.
    await page.getByText('Bu alan zorunludur.').first().waitFor();
    // The dialog itself, with its red confirm button (the theme keeps white text on it at AA).
    await axeClean(page);
    await page.getByTestId('reject-reason').fill('Eğitim kaydı başka bir kişiye aitti.');
    await page.getByTestId('reject-submit').click();
    await page.getByTestId('reject-form').waitFor({ state: 'detached' });
    await row.locator('[data-testid="issued-state"][data-state="revoked"]').waitFor();
    const after = await apiCall<Page_<AdminIssuedCertificate>>(
      HOST,
      'GET',
      `/api/admin/certificates/issued?definition_id=${demo.id}&search=${target.number}`,
      undefined,
      token,
    );
    expect(after.data[0]).toMatchObject({ status: 'revoked', revoked_reason: 'Eğitim kaydı başka bir kişiye aitti.' });
    await axeClean(page);

    // The whole list: the spreadsheet export and the zip of PDFs, both built in jobs and saved.
    await page.getByTestId('table-clear-filters').click();
    await expect.poll(() => rows.count()).toBe(Math.min(issued.length, 20));
    await page.getByTestId('table-export').click();
    const [workbook] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('table-export-xlsx').click(),
    ]);
    await page.getByTestId('table-export-progress').getByTestId('export-ready').waitFor();
    expect(workbook.suggestedFilename()).toMatch(/\.xlsx$/);
    const [zip] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('issued-zip').click(),
    ]);
    await page.getByTestId('issued-zip-progress').getByTestId('export-ready').waitFor();
    expect(zip.suggestedFilename()).toMatch(/^sertifikalar-\d{4}-\d{2}-\d{2}\.zip$/);
    await axeClean(page);
    await context.close();
  });
});

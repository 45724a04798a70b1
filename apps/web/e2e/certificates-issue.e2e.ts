import { readFile } from 'node:fs/promises';
import type { MyCertificate } from '@kampus/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';
import { mailMatching } from './outbox.js';

const HOST = 'demo.localhost';
const LEARNER = 'learner@demo.test';

interface Created {
  data: { id: number };
}

/**
 * What the admin set up beforehand, through the API: a one-page education in the catalogue and a certificate
 * definition for it printed with one of the company's demo templates, valid two years.
 */
async function setUp(token: string, stamp: string) {
  const content = await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/contents',
    {
      type: 'page',
      title: `Yangın güvenliği ${stamp}`,
      language: 'tr',
      body: '<h2>Yangın anında</h2><p>Sakin olun, en yakın çıkışı kullanın ve asansöre binmeyin.</p>',
    },
    token,
  );
  const education = await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/educations',
    {
      title: `Yangın güvenliği ${stamp}`,
      language: 'tr',
      estimated_minutes: 10,
      visibility: 'catalogue',
      parts: [{ type: 'content', ref_id: content.data.id, required: true }],
    },
    token,
  );
  const templates = await apiCall<{ data: { id: number }[] }>(
    HOST,
    'GET',
    '/api/admin/certificate-templates?per_page=1',
    undefined,
    token,
  );
  const templateId = templates.data[0]?.id;
  if (!templateId) throw new Error('the demo company has no certificate template');
  const name = `Yangın Güvenliği Katılım Sertifikası ${stamp}`;
  await apiCall<Created>(
    HOST,
    'POST',
    '/api/admin/certificates',
    { name, trigger: 'education', ref_id: education.data.id, template_id: templateId, validity_months: 24 },
    token,
  );
  return { educationId: education.data.id, name };
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('a learner finishes an education and gets the certificate without anyone acting', () => {
  let browser: Browser;
  let adminToken: string;
  beforeAll(async () => {
    browser = await launch();
    adminToken = await apiLogin(HOST, 'admin@demo.test');
  });
  afterAll(() => browser.close());

  it('completes in the browser; the certificate, the mail, the PDF and the verification follow', {
    timeout: 240_000,
  }, async () => {
    const stamp = Date.now().toString(36);
    const { educationId, name } = await setUp(adminToken, stamp);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, 'demo', LEARNER);

    // Enrols on the detail page and reads the one page to its end: the education completes.
    await page.goto(`${origin('demo')}/education/${educationId}/detail`);
    await page.getByTestId('detail-enrol').click();
    await page.getByTestId('detail-play').waitFor();
    await expectAccessible(page);
    await page.getByTestId('detail-play').click();
    await page.waitForURL(new RegExp(`/eduction/${educationId}/player\\?part=\\d+$`));
    await page.getByTestId('page-player').waitFor();
    await page.getByTestId('page-end').scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.getByTestId('education-rate').getAttribute('data-value'), { timeout: 20_000 })
      .toBe('100');

    // Nobody acts any more: the certificate is issued, rendered and listed on /my-certification.
    await page.goto(`${origin('demo')}/my-certification`);
    const card = page.getByTestId('certificate-card').filter({ hasText: name });
    await expect
      .poll(
        async () => {
          if ((await card.count()) === 0 || (await card.getByTestId('certificate-pdf').count()) === 0) {
            await page.reload();
            await page.getByTestId('certificate-card').first().waitFor();
            return false;
          }
          return true;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    const mine = await apiCall<{ data: MyCertificate[] }>(
      HOST,
      'GET',
      '/api/certificates/me',
      undefined,
      await apiLogin(HOST, LEARNER),
    );
    const issued = mine.data.find((certificate) => certificate.name === name);
    if (!issued) throw new Error('the certificate is not among the learner’s');
    const { number } = issued;
    expect(number).toMatch(/^KMP-\d{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(await card.textContent()).toContain(number);
    await card.locator('img').first().waitFor();
    await expectAccessible(page);

    // The certificate mail, in the learner's language, with a one-time link to /my-certification.
    const mail = await mailMatching(LEARNER, new RegExp(`type=(amp;)?my-certification&(amp;)?id=${issued.id}\\b`));
    expect(mail).toContain(name);
    // The one-time deep link.
    expect(mail).toMatch(/\?token=[A-Za-z0-9_-]+&(amp;)?type=my-certification/);

    // The PDF downloads.
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('certificate-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await readFile((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Anyone checks the number on the company's address: valid, for this learner and this certificate.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${origin('demo')}/verify/${number}`);
    const verified = visitor.getByTestId('verify-valid');
    await verified.waitFor();
    expect(await verified.textContent()).toContain(`Yangın güvenliği ${stamp}`);
    await expectAccessible(visitor);
  });
});

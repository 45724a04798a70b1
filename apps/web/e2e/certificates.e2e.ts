import type { MyCertificate } from '@kampus/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

/** The demo certificates are rendered by the issuing job after the server starts: wait until the learner's are. */
async function renderedCertificates(token: string): Promise<MyCertificate[]> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const { data } = await apiCall<{ data: MyCertificate[] }>(HOST, 'GET', '/api/certificates/me', undefined, token);
    if (data.length > 0 && data.every((certificate) => certificate.png_url)) return data;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the demo certificates were not rendered');
}

describe('certificates in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('the learner sees a demo certificate, opens it at full size, and its verification page says it is valid', async () => {
    const certificates = await renderedCertificates(await apiLogin(HOST, 'learner@demo.test'));
    const valid = certificates.find((certificate) => certificate.state === 'valid');
    if (!valid) throw new Error('the demo learner has no valid certificate');

    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'demo', 'learner@demo.test');
    await page.goto(`${origin('demo')}/my-certification`);
    const card = page.getByTestId('certificate-card').filter({ hasText: valid.number });
    await card.waitFor();
    await card.locator('img').first().waitFor();
    expect(await page.getByTestId('certificate-card').count()).toBe(certificates.length);
    expect(await seriousViolations(page)).toEqual([]);

    await card
      .getByRole('link', { name: /full size|tam boyut/i })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/certification/${valid.id}/preview$`));
    const image = page.getByTestId('certificate-image');
    await image.waitFor();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
    expect(await seriousViolations(page)).toEqual([]);

    // Anyone, signed in or not, checks the number on the company's address.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${origin('demo')}/verify/${valid.number}`);
    const verified = visitor.getByTestId('verify-valid');
    await verified.waitFor();
    expect(await verified.textContent()).toContain(valid.title);
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitor.goto(`${origin('demo')}/verify/KMP-2026-AAAA-BBBB`);
    await visitor.getByTestId('verify-invalid').waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
  });
});

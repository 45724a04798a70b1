import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { seriousViolations } from './axe.js';
import { launch, origin, signIn } from './browser.js';

const HOST = 'demo.localhost';

describe('the gift store in Chromium', () => {
  let browser: Browser;
  let adminToken: string;
  beforeAll(async () => {
    browser = await launch();
    adminToken = await apiLogin(HOST, 'admin@demo.test');
  });
  afterAll(() => browser.close());

  it('a learner requests a gift (the balance drops), the admin approves and ships it, the learner sees it on its way', async () => {
    const stamp = Date.now().toString(36);
    const name = `Kampüs rozeti ${stamp}`;
    const gift = await apiCall<{ data: { id: number } }>(
      HOST,
      'POST',
      '/api/admin/gifts',
      { name, type: 3, price: 10, stock: 3, description: '<p>Yaka rozeti</p>' },
      adminToken,
    );

    // The learner: the store, the balance, the card; the request is confirmed first.
    const learnerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const learner = await learnerContext.newPage();
    await signIn(learner, 'demo', 'learner@demo.test');
    await learner.goto(`${origin('demo')}/gift`);
    const balance = learner.getByTestId('gift-balance-value');
    await balance.waitFor();
    const before = Number(await balance.getAttribute('data-balance'));
    expect(before).toBeGreaterThanOrEqual(10);
    const card = learner.locator(`[data-testid="gift-card"][data-gift="${gift.data.id}"]`);
    await card.waitFor();
    expect(await seriousViolations(learner)).toEqual([]);
    await card.getByTestId('gift-request').click();
    await learner.getByTestId('confirm-accept').click();
    await expect.poll(async () => Number(await balance.getAttribute('data-balance'))).toBe(before - 10);
    await expect.poll(() => card.textContent()).toContain('Son 2 adet');

    // The admin: the requests list, approve (confirmed), ship with a tracking note.
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await adminContext.newPage();
    await signIn(admin, 'demo', 'admin@demo.test');
    await admin.goto(`${origin('demo')}/admin/gifts`);
    await admin.getByText(name).first().waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.goto(`${origin('demo')}/admin/gift/${gift.data.id}/edit`);
    await admin.getByTestId('gift-name').waitFor();
    expect(await admin.getByTestId('gift-name').inputValue()).toBe(name);
    expect(await seriousViolations(admin)).toEqual([]);

    await admin.goto(`${origin('demo')}/admin/gift/requests?search=${stamp}`);
    const status = admin.getByTestId('gift-request-status');
    await expect.poll(() => status.first().getAttribute('data-status')).toBe('requested');
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByTestId('gift-request-actions').first().click();
    await admin.getByTestId('gift-request-approve').click();
    await admin.getByTestId('confirm-accept').click();
    await expect.poll(() => status.first().getAttribute('data-status')).toBe('approved');
    await admin.getByTestId('gift-request-actions').first().click();
    await admin.getByTestId('gift-request-ship').click();
    await admin.getByTestId('ship-note').fill(`Yurtiçi Kargo ${stamp}`);
    await admin.getByTestId('ship-submit').click();
    await expect.poll(() => status.first().getAttribute('data-status')).toBe('shipped');
    await adminContext.close();

    // The learner: the in-app notification, and the request on its way with its tracking note.
    await learner.reload();
    await learner.getByTestId('notification-bell').click();
    await learner.getByTestId('notification-dropdown').getByText(`${name} hediyeniz yola çıktı.`).first().waitFor();
    await learner.keyboard.press('Escape');
    await learner.goto(`${origin('demo')}/gift?tab=requests`);
    const mine = learner.getByTestId('my-gift-request').filter({ hasText: name });
    await mine.waitFor();
    expect(await mine.getByTestId('gift-request-status').getAttribute('data-status')).toBe('shipped');
    expect(await mine.getByTestId('my-gift-tracking').textContent()).toContain(`Yurtiçi Kargo ${stamp}`);
    expect(await seriousViolations(learner)).toEqual([]);
    await learnerContext.close();
  });
});

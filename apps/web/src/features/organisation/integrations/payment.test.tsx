import { CARD_PAYMENT_INTEGRATION_KEY, type Integration, type MenuItem } from '@kampus/shared';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providers } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { sideMenuEntries } from '../../frame/menu/menu-items.js';
import { profileMenuItems } from '../../frame/shell/profile-menu-items.js';
import { PAYMENT_HISTORY_PATH, usePaymentIntegrationActive } from './api.js';

const integration = (key: string, activatedAt: string | null): Integration => ({
  id: 1,
  key_name: key,
  name: key,
  description: '',
  category: 'payment',
  companies: [{ id: 7, pivot: { activated_at: activatedAt } }],
});

describe('the card payment rule in the frame', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads integrations by_user and answers whether the payment one is active', async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockResolvedValue({ data: [integration(CARD_PAYMENT_INTEGRATION_KEY, '2026-02-01T08:00:00Z')] } as never);
    const { result } = renderHook(() => usePaymentIntegrationActive(true), { wrapper: providers() });
    await waitFor(() => expect(result.current).toBe(true));
    expect(get).toHaveBeenCalledWith('api/integrations', undefined, { by_user: 'true' });
  });

  it('answers false for a switched-off payment integration, on failure, and asks nothing while disabled', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: [integration(CARD_PAYMENT_INTEGRATION_KEY, null)] } as never);
    const off = renderHook(() => usePaymentIntegrationActive(true), { wrapper: providers() });
    await waitFor(() => expect(http.get).toHaveBeenCalled());
    expect(off.result.current).toBe(false);
    vi.restoreAllMocks();

    vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    const failed = renderHook(() => usePaymentIntegrationActive(true), { wrapper: providers() });
    await waitFor(() => expect(http.get).toHaveBeenCalled());
    expect(failed.result.current).toBe(false);
    vi.restoreAllMocks();

    const get = vi.spyOn(http, 'get');
    const disabled = renderHook(() => usePaymentIntegrationActive(false), { wrapper: providers() });
    expect(disabled.result.current).toBe(false);
    expect(get).not.toHaveBeenCalled();
  });

  it('shows the order history in the profile menu and the side menu only when the rule holds', () => {
    const everyPage = () => true;
    const admin = [{ id: 2 }, { id: 3 }];
    const keys = (paymentActive: boolean) =>
      profileMenuItems({ hasPage: everyPage, roles: admin, paymentActive }).map((item) => item.key);
    expect(keys(false)).not.toContain('order_history');
    expect(keys(true)).toContain('order_history');

    const menu: MenuItem[] = [
      { id: 1, type: 'payment-history', type_lang: 'menu.types.payment-history', title: '', status: 1, order: 1 },
      { id: 2, type: 'faq', type_lang: 'menu.types.faq', title: '', status: 1, order: 2 },
    ] as MenuItem[];
    const types = (paymentActive?: boolean) =>
      sideMenuEntries(menu, { modules: [], hasPage: everyPage, paymentActive }).map((entry) => entry.type);
    expect(types()).toEqual(['faq']);
    expect(types(false)).toEqual(['faq']);
    expect(types(true)).toEqual(['payment-history', 'faq']);
    expect(PAYMENT_HISTORY_PATH).toBe('/payment-history');
  });
});

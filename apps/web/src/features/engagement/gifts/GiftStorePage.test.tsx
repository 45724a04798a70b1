import type { GiftRequest, StoreGift } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import type { SessionUser } from '../../../lib/session.js';
import GiftStorePage from './GiftStorePage.js';

let user: Partial<SessionUser> = { id: 1, modules: ['gift'] };
vi.mock('../../../lib/session.js', async (original) => ({
  ...(await original<typeof import('../../../lib/session.js')>()),
  useSessionUser: () => user,
}));

const gift = (over: Partial<StoreGift>): StoreGift => ({
  id: 1,
  name: 'Termos Kupa',
  description: null,
  type: 2,
  price: 300,
  stock: 10,
  images: [],
  variants: [],
  ...over,
});
const request = (over: Partial<GiftRequest>): GiftRequest => ({
  id: 7,
  status: 'requested',
  points: 300,
  variant: null,
  reason: null,
  tracking_note: null,
  gift: { id: 1, name: 'Termos Kupa', type: 2, image_src: null },
  user: { id: 1, name: 'Ada', surname: 'Yıldız', email: null },
  created_at: '2026-11-20T10:00:00Z',
  decided_at: null,
  shipped_at: null,
  delivered_at: null,
  ...over,
});

function serve(balance: number, gifts: StoreGift[], mine: GiftRequest[] = []) {
  vi.spyOn(http, 'get').mockImplementation(((url: string) =>
    Promise.resolve(
      url === 'api/gifts' ? { data: gifts, meta: { balance } } : { data: mine, meta: { balance } },
    )) as never);
  return vi.spyOn(http, 'post').mockResolvedValue({ data: request({}), message: 'Talebiniz gönderildi.' } as never);
}

describe('the gift store page', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    user = { id: 1, modules: ['gift'] };
  });

  it('shows the balance and the cards; a request is confirmed first, then sent with the size chosen', async () => {
    const post = serve(1000, [
      gift({ id: 1 }),
      gift({
        id: 2,
        name: 'Kampüs Tişörtü',
        type: 1,
        price: 400,
        stock: 3,
        variants: [
          { id: 11, label: 'S', stock: 0 },
          { id: 12, label: 'M', stock: 3 },
        ],
      }),
      gift({ id: 3, name: 'Akıllı Saat', type: 3, price: 4000, stock: 2 }),
      gift({ id: 4, name: 'Anahtarlık', type: 3, price: 200, stock: 0 }),
    ]);
    renderPage([{ path: '/gift', element: <GiftStorePage /> }], { at: '/gift' });
    expect((await screen.findByTestId('gift-balance-value')).dataset.balance).toBe('1000');
    const cards = await screen.findAllByTestId('gift-card');
    expect(cards).toHaveLength(4);
    const [mug, shirt, watch, keyring] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    // Too dear: disabled, with how many points are missing; sold out: disabled and marked.
    expect(within(watch).getByTestId('gift-request')).toHaveProperty('disabled', true);
    expect(within(watch).getByText('3,000 more points needed')).toBeTruthy();
    // Every figure in the user's language (Intl.NumberFormat): the balance, the price, what is missing.
    expect(screen.getByTestId('gift-balance-value').textContent).toBe('1,000');
    expect(within(watch).getByTestId('gift-price').textContent).toBe('4,000 points');
    expect(within(keyring).getByTestId('gift-request')).toHaveProperty('disabled', true);
    expect(within(keyring).getAllByText('Out of stock').length).toBeGreaterThan(0);
    // With sizes: a size is needed first.
    expect(within(shirt).getByTestId('gift-request')).toHaveProperty('disabled', true);
    expect(within(mug).getByTestId('gift-request')).toHaveProperty('disabled', false);
    fireEvent.click(within(mug).getByTestId('gift-request'));
    // Nothing is sent until confirmed.
    expect(post).not.toHaveBeenCalled();
    // One dialog: the page relies on the frame's modals provider (here the test providers') and brings none of its own.
    expect(await screen.findAllByTestId('confirm-accept')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/gifts/1/request', { variant_id: null }));
  });

  it('lists the person’s requests with their status, tracking note and a cancel that asks first', async () => {
    const post = serve(
      500,
      [gift({})],
      [
        request({ id: 8, status: 'shipped', tracking_note: 'Yurtiçi Kargo 123' }),
        request({ id: 9, status: 'requested' }),
      ],
    );
    renderPage([{ path: '/gift', element: <GiftStorePage /> }], { at: '/gift?tab=requests' });
    const rows = await screen.findAllByTestId('my-gift-request');
    expect(rows).toHaveLength(2);
    const [shipped, open] = rows as [HTMLElement, HTMLElement];
    expect(within(shipped).getByTestId('gift-request-status').dataset.status).toBe('shipped');
    expect(within(shipped).getByTestId('my-gift-tracking').textContent).toContain('Yurtiçi Kargo 123');
    expect(within(shipped).queryByTestId('my-gift-cancel')).toBeNull();
    fireEvent.click(within(open).getByTestId('my-gift-cancel'));
    // One dialog: the page relies on the frame's modals provider (here the test providers') and brings none of its own.
    expect(await screen.findAllByTestId('confirm-accept')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/gifts/requests/9/cancel', {}));
  });

  it('shows the empty store and answers 403 when the module is off', async () => {
    serve(0, []);
    renderPage([{ path: '/gift', element: <GiftStorePage /> }], { at: '/gift' });
    expect(await screen.findByTestId('gift-store-empty')).toBeTruthy();
    cleanup();
    user = { id: 1, modules: [] };
    const page = renderPage(
      [
        { path: '/gift', element: <GiftStorePage /> },
        { path: '/403', element: <p>forbidden</p> },
      ],
      { at: '/gift' },
    );
    expect(await screen.findByText('forbidden')).toBeTruthy();
    expect(page.router.state.location.pathname).toBe('/403');
  });
});

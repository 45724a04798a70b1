import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const { default: GiftFormPage } = await import('./GiftFormPage.js');

describe('GiftFormPage', () => {
  matchEveryMediaQuery();
  Element.prototype.scrollIntoView ??= () => undefined;
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses a variant without a name, then sends the product with its sizes', async () => {
    vi.spyOn(http, 'get').mockImplementation(((url: string) =>
      url === 'api/admin/user-groups'
        ? Promise.resolve({ data: [{ id: 4, name: 'Satış' }], meta: { page: 1, per_page: 100, total: 1 } })
        : Promise.reject(new Error(`unexpected GET ${url}`))) as never);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { id: 9 } } as never);
    renderPage(
      [
        { path: '/admin/gift/add', element: <GiftFormPage /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { at: '/admin/gift/add' },
    );
    fireEvent.change(await screen.findByTestId('gift-name'), { target: { value: 'Kampüs Tişörtü' } });
    fireEvent.click(screen.getByTestId('gift-type-1').querySelector('input') ?? screen.getByTestId('gift-type-1'));
    fireEvent.change(screen.getByTestId('gift-stock'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('gift-variant-add'));
    fireEvent.click(screen.getByTestId('gift-form-save'));
    await waitFor(() => expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0));
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('gift-variant-label'), { target: { value: 'M' } });
    fireEvent.change(screen.getByTestId('gift-variant-stock'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('gift-form-save'));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]?.[0]).toBe('api/admin/gifts');
    expect(post.mock.calls[0]?.[1]).toMatchObject({
      name: 'Kampüs Tişörtü',
      type: 1,
      price: 100,
      variants: [{ label: 'M', stock: 4 }],
      image_urls: [],
      group_ids: [],
      status: 1,
    });
  }, 30_000);
});

import type { AdminMenuItem } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testQueryClient } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';

const { default: MenuItemFormPage } = await import('./MenuItemFormPage.js');

const wall: AdminMenuItem = {
  id: 5,
  type: 'wall',
  order: 10,
  status: 1,
  title: { tr: 'Duvar', en: null, az: null, de: null },
};

function renderAt(path: string) {
  vi.spyOn(http, 'get').mockImplementation(((_url: string, id?: number) =>
    Promise.resolve(id ? { data: wall } : { data: [wall], meta: { page: 1, per_page: 100, total: 1 } })) as never);
  const client = testQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const { router } = renderPage(
    [
      { path: '/admin/menu-modules/add', element: <MenuItemFormPage /> },
      { path: '/admin/menu-modules/:id/edit', element: <MenuItemFormPage /> },
      { path: '/admin/menu-modules', element: <p>list</p> },
    ],
    { at: path, client },
  );
  return { router, invalidate };
}

describe('MenuItemFormPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('edits the titles per language, leaving an empty language to the default label, and refreshes the side menu', async () => {
    const put = vi
      .spyOn(http, 'update')
      .mockResolvedValue({ data: { ...wall, title: { ...wall.title, en: 'Wall of fame' } } } as never);
    const { router, invalidate } = renderAt('/admin/menu-modules/5/edit');
    const english = (await screen.findByTestId('menu-item-title-en')) as HTMLInputElement;
    expect((screen.getByTestId('menu-item-title-tr') as HTMLInputElement).value).toBe('Duvar');
    expect(english.placeholder).toBe('Default: Wall');
    fireEvent.change(english, { target: { value: 'Wall of fame' } });
    fireEvent.change(screen.getByTestId('menu-item-title-tr'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('menu-item-form-save'));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('api/admin/menu-modules', 5, {
        type: 'wall',
        status: 1,
        title: { tr: null, en: 'Wall of fame', az: null, de: null },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/menu-modules'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['menu'] });
  });

  it("refuses a title that is too long before sending, and shows the server's field error on the type", async () => {
    const post = vi
      .spyOn(http, 'post')
      .mockRejectedValue(
        new ApiError(422, { message: 'x', errors: { type: ['The menu already has an item of this type.'] } }, 'x'),
      );
    renderAt('/admin/menu-modules/add');
    const tr = await screen.findByTestId('menu-item-title-tr');
    fireEvent.change(tr, { target: { value: 'x'.repeat(61) } });
    fireEvent.click(screen.getByTestId('menu-item-form-save'));
    await waitFor(() => expect(tr.getAttribute('aria-invalid')).toBe('true'));
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(tr, { target: { value: 'Sıkça sorulanlar' } });
    fireEvent.click(screen.getByTestId('menu-item-form-save'));
    // No type chosen yet: the schema stops it on the type field.
    await waitFor(() => expect(screen.getByTestId('menu-item-type').getAttribute('aria-invalid')).toBe('true'));
    expect(post).not.toHaveBeenCalled();
    // The types already in the menu are offered disabled; another one goes to the server, whose 422 lands on the field.
    fireEvent.click(screen.getByTestId('menu-item-type'));
    expect(
      (await screen.findByRole('option', { name: 'Wall', hidden: true })).getAttribute('data-combobox-disabled'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'FAQ', hidden: true }));
    fireEvent.click(screen.getByTestId('menu-item-form-save'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/menu-modules', expect.objectContaining({ type: 'faq' })),
    );
    expect(await screen.findByText('The menu already has an item of this type.')).toBeTruthy();
  });
});

import type { AdminMenuItem } from '@kampus/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { sessionStore } from '../../../../lib/session.js';
import { moveItem } from './names.js';

const { default: MenuModulesPage } = await import('./MenuModulesPage.js');

const item = (id: number, type: string, order: number, title: Partial<AdminMenuItem['title']> = {}): AdminMenuItem => ({
  id,
  type,
  order,
  status: 1,
  title: { tr: null, en: null, az: null, de: null, ...title },
});
const ITEMS = [item(1, 'dashboard', 10), item(2, 'wall', 20, { en: 'Wall of fame' }), item(3, 'gift', 30)];

/** The API as the page reads it; the returned function changes what the server holds from then on. */
function mockApi(items = ITEMS, modules = ['wall', 'gift']) {
  let served = items;
  vi.spyOn(http, 'get').mockImplementation(((url: string) =>
    Promise.resolve(
      url === 'api/admin/modules'
        ? { data: { modules } }
        : { data: served, meta: { page: 1, per_page: 100, total: served.length } },
    )) as never);
  return (next: AdminMenuItem[]) => {
    served = next;
  };
}

function renderMenu() {
  return renderPage(<MenuModulesPage />, { path: '/admin/menu-modules' }).client;
}

const names = () => screen.getAllByTestId('menu-item-name').map((node) => node.textContent);

describe('MenuModulesPage', { timeout: 30_000 }, () => {
  // dnd-kit measures the rows to move between them from the keyboard; jsdom lays nothing out, so each row gets a box
  // 50px below the previous one.
  const rect = Element.prototype.getBoundingClientRect;
  beforeAll(() => {
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const row = this.closest('[data-testid="menu-item-row"]');
      const rows = [...document.querySelectorAll('[data-testid="menu-item-row"]')];
      const top = row ? rows.indexOf(row) * 50 : 0;
      return { x: 0, y: top, top, left: 0, width: 400, height: 40, bottom: top + 40, right: 400, toJSON: () => ({}) };
    };
  });
  afterAll(() => {
    Element.prototype.getBoundingClientRect = rect;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('moves items in a list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('lists the items in menu order, named by their title or their type, with the module switches', async () => {
    mockApi();
    renderMenu();
    await waitFor(() => expect(names()).toEqual(['Home', 'Wall of fame', 'Gifts']));
    const switches = await screen.findAllByRole('switch');
    const moduleSwitch = await screen.findByTestId('module-leader-table');
    expect((moduleSwitch as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId('module-wall') as HTMLInputElement).checked).toBe(true);
    expect(switches.length).toBe(3 + 5);
  });

  it('reorders from the keyboard: space picks the item up, an arrow moves it, space drops it and saves', async () => {
    const serve = mockApi();
    const reordered = [item(2, 'wall', 10, { en: 'Wall of fame' }), item(1, 'dashboard', 20), item(3, 'gift', 30)];
    const put = vi.spyOn(http, 'put').mockImplementation(async () => {
      serve(reordered);
      return { data: reordered } as never;
    });
    const client = renderMenu();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await waitFor(() => expect(names()).toEqual(['Home', 'Wall of fame', 'Gifts']));
    const handle = screen.getByRole('button', { name: 'Reorder: Home' });
    handle.focus();
    // dnd-kit listens for the moving keys from the next tick after the pick-up.
    const press = async (code: string, key: string) => {
      await act(async () => {
        fireEvent.keyDown(document.activeElement ?? handle, { code, key });
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    };
    const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent;
    await press('Space', ' ');
    expect(liveRegion()).toMatch(/“Home”/);
    await press('ArrowDown', 'ArrowDown');
    expect(liveRegion()).toBe('“Home” moved to position 2.');
    await press('Space', ' ');
    expect(liveRegion()).toBe('“Home” dropped at position 2.');
    await waitFor(() => expect(put).toHaveBeenCalledWith('api/admin/menu-modules/order', { ids: [2, 1, 3] }));
    await waitFor(() => expect(names()).toEqual(['Wall of fame', 'Home', 'Gifts']));
    expect((await screen.findByTestId('menu-order-status')).textContent).toBe('Menu order saved.');
    // The learner side menu is refetched, so it follows without a reload.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['menu'] });
  });

  it('moves an item with its move-down button, and puts the order back when saving fails', async () => {
    mockApi();
    const put = vi.spyOn(http, 'put').mockRejectedValue(new Error('Sunucu yanıt vermedi'));
    renderMenu();
    await waitFor(() => expect(names()).toEqual(['Home', 'Wall of fame', 'Gifts']));
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Wall of fame' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('api/admin/menu-modules/order', { ids: [1, 3, 2] }));
    await waitFor(() => expect(names()).toEqual(['Home', 'Wall of fame', 'Gifts']));
    expect((screen.getByRole('button', { name: 'Move up: Home' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('hides an item with its switch and saves a module switch into the session too', async () => {
    mockApi();
    const update = vi.spyOn(http, 'update').mockResolvedValue({ data: { ...ITEMS[2], status: 0 } } as never);
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: { modules: ['wall'] } } as never);
    const updateUser = vi.spyOn(sessionStore, 'updateUser').mockResolvedValue();
    renderMenu();
    const row = (await screen.findAllByTestId('menu-item-row'))[2]!;
    fireEvent.click(within(row).getByRole('switch', { name: 'Show in the menu: Gifts' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('api/admin/menu-modules', 3, { status: 0 }));
    fireEvent.click(await screen.findByTestId('module-gift'));
    await waitFor(() => expect(put).toHaveBeenCalledWith('api/admin/modules', { modules: ['wall'] }));
    await waitFor(() => expect(updateUser).toHaveBeenCalledWith({ modules: ['wall'] }));
  });

  it('shows the empty state and a retry when loading fails', async () => {
    mockApi([]);
    renderMenu();
    expect((await screen.findByTestId('menu-items-empty')).textContent).toContain('The menu has no items yet.');
    cleanup();
    vi.restoreAllMocks();
    vi.spyOn(http, 'get').mockRejectedValue(new Error('down'));
    renderMenu();
    expect(await screen.findByTestId('menu-items-error')).toBeTruthy();
    expect(await screen.findByTestId('modules-error')).toBeTruthy();
  });
});

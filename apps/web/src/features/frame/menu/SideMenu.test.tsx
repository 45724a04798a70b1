import type { MenuItem } from '@kampus/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import type { SessionUser } from '../../../lib/session.js';
import { SideMenu } from './SideMenu.js';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.js', () => ({ http: { get }, httpOptions: {} }));
// The app's route table pulls in every page; a small table of the same shape stands in for it.
const routeTable = [
  { children: [{ children: [{ path: '/dashboard' }, { path: '/notification' }, { path: '/wall' }] }, { path: '*' }] },
];
const user = vi.hoisted(() => ({ company_id: 7, modules: ['wall'] }) as unknown as SessionUser);
vi.mock('../../../lib/session.js', () => ({ useSessionUser: () => user }));

const item = (id: number, type: string, order: number, status = 1, title: string | null = null): MenuItem => ({
  id,
  type,
  type_lang: `menu.${type}`,
  title,
  status,
  order,
});

function renderMenu(at = '/notification') {
  renderPage(<SideMenu />, { path: '*', at, routeTable });
}

describe('SideMenu', () => {
  beforeEach(() => get.mockReset());
  afterEach(cleanup);

  it('asks for the session company by_user, then lists the shown items with the current one marked', async () => {
    get.mockResolvedValue({
      data: [
        item(1, 'wall', 30, 1, 'Social wall'),
        item(2, 'notification', 20),
        item(3, 'dashboard', 10),
        item(4, 'gift', 5),
        item(5, 'faq', 40),
      ],
    });
    renderMenu();
    expect(screen.getByRole('status', { name: 'Loading the menu' })).toBeTruthy();
    const menu = screen.getByTestId('side-menu');
    await within(menu).findByRole('link', { name: 'Home' });
    expect(get).toHaveBeenCalledWith('api/widgets', undefined, { company_id: 7, by_user: true });
    const links = within(menu).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/dashboard'],
      ['Notifications', '/notification'],
      ['Social wall', '/wall'],
    ]);
    expect(links[1]?.getAttribute('aria-current')).toBe('page');
    expect(links[0]?.getAttribute('aria-current')).toBeNull();
  });

  it('offers a retry when the menu cannot be loaded', async () => {
    get.mockRejectedValueOnce(new Error('ApiService: down')).mockResolvedValueOnce({ data: [item(3, 'dashboard', 1)] });
    renderMenu();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The menu could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Home' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when nothing is left to show', async () => {
    get.mockResolvedValue({ data: [item(4, 'gift', 1), item(6, 'my-statistics', 2, 0)] });
    renderMenu();
    expect((await screen.findByTestId('side-menu-empty')).textContent).toBe(
      'There are no pages to show in the menu yet.',
    );
  });
});

import type { MenuItem } from '@kampus/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hasPage } from '../../../app/route-table.js';
import { menuItemPath, sideMenuEntries } from './menu-items.js';

/** The shape of the app's table: public pages, a guard and a layout without paths, pages inside, a catch-all. */
const table: RouteObject[] = [
  {
    children: [
      { path: '/' },
      { path: '/login' },
      {
        children: [
          {
            children: [
              { path: '/dashboard' },
              { path: '/notification' },
              { path: '/wall' },
              { path: '/assignment/:id/detail' },
            ],
          },
        ],
      },
      { path: '*' },
    ],
  },
];

describe('hasPage', () => {
  it.each([
    ['/dashboard', true],
    ['/notification', true],
    ['/wall', true],
    ['/assignment/7/detail', true],
    ['/gift', false],
    ['/my-assignment', false],
    ['/dashboard/extra', false],
  ])('%s → %s', (path, expected) => {
    expect(hasPage(table, path)).toBe(expected);
  });
});

describe('menuItemPath', () => {
  it.each([
    ['dashboard', '/dashboard'],
    ['notification', '/notification'],
    ['my-assignment', '/my-assignment'],
    ['education-category', '/education-category'],
    ['faq', '/faq'],
    ['../admin', null],
    ['Gift', null],
    ['', null],
  ])('%s → %s', (type, expected) => {
    expect(menuItemPath(type)).toBe(expected);
  });
});

describe('sideMenuEntries', () => {
  const item = (id: number, type: string, order: number, status = 1, title: string | null = null): MenuItem => ({
    id,
    type,
    type_lang: `menu.${type}`,
    title,
    status,
    order,
  });
  const items = [
    item(1, 'wall', 30, 1, 'Sosyal Duvar'),
    item(2, 'notification', 20),
    item(3, 'gift', 5),
    item(4, 'dashboard', 10),
    item(5, 'my-statistics', 1, 0),
    item(6, 'faq', 40),
  ];
  const withPages =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);

  it('keeps active items with pages, sorted by numeric order, titled or labelled', () => {
    const entries = sideMenuEntries(items, {
      modules: ['wall', 'gift'],
      hasPage: withPages('/dashboard', '/notification', '/wall', '/my-statistics'),
    });
    expect(entries).toEqual([
      { id: 4, type: 'dashboard', path: '/dashboard', title: null, labelKey: 'menu.dashboard' },
      { id: 2, type: 'notification', path: '/notification', title: null, labelKey: 'menu.notification' },
      { id: 1, type: 'wall', path: '/wall', title: 'Sosyal Duvar', labelKey: 'menu.wall' },
    ]);
  });

  it('leaves out the items of modules the session lacks, and status 0 even when the page exists', () => {
    const entries = sideMenuEntries(items, {
      modules: ['gift'],
      hasPage: withPages('/dashboard', '/wall', '/gift', '/my-statistics'),
    });
    expect(entries.map((e) => e.type)).toEqual(['gift', 'dashboard']);
  });

  it('sorts orders numerically, not as text, with the id breaking ties', () => {
    const entries = sideMenuEntries([item(9, 'faq', 100), item(8, 'dashboard', 9), item(7, 'notification', 9)], {
      modules: [],
      hasPage: () => true,
    });
    expect(entries.map((e) => e.id)).toEqual([7, 8, 9]);
  });
});

describe('the learner pages of issue 13 in the app’s route table', () => {
  it('lists my-education and, with its module, education-category', async () => {
    const { routes } = await import('../../../app/router.js');
    const items: MenuItem[] = ['dashboard', 'my-education', 'education-category'].map((type, index) => ({
      id: index + 1,
      type,
      type_lang: `menu.${type}`,
      title: null,
      status: 1,
      order: index,
    }));
    const on = sideMenuEntries(items, { modules: ['education-category'], hasPage: (path) => hasPage(routes, path) });
    expect(on.map((entry) => entry.path)).toEqual(['/dashboard', '/my-education', '/education-category']);
    const off = sideMenuEntries(items, { modules: [], hasPage: (path) => hasPage(routes, path) });
    expect(off.map((entry) => entry.type)).toEqual(['dashboard', 'my-education']);
  });
});

import { ROLE } from '@kampus/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hasPage, registeredRoutes } from '../../../app/route-table.js';
import { profileMenuItems } from './profile-menu-items.js';
import { isCompanyPage, quickCreateItems } from './quick-create.js';

const Page = () => null;

/** A small route table shaped like the app's: public pages, a guard, a layout, nested and relative admin routes. */
const table: RouteObject[] = [
  {
    children: [
      { path: '/login', Component: Page, handle: { name: 'login' } },
      {
        children: [
          {
            children: [
              { path: '/dashboard', Component: Page, handle: { name: 'dashboard' } },
              { path: '/profile', Component: Page, handle: { name: 'user.profile' } },
              { path: '/legal-notification', Component: Page, handle: { name: 'User.agreement' } },
              { path: '/payment-history', Component: Page },
              {
                path: '/admin',
                children: [
                  { path: 'dashboard', Component: Page, handle: { name: 'company.dashboard' } },
                  { path: 'user/add', Component: Page, handle: { name: 'company.user.add' } },
                  { path: '/admin/question/add', Component: Page, handle: { name: 'company.question.add' } },
                  { path: 'user/edit/:id', Component: Page, handle: { name: 'company.user.edit' } },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: Page },
    ],
  },
];

describe('the route table', () => {
  it('lists every page with its full path and name, skipping the catch-all', () => {
    expect(registeredRoutes(table)).toEqual([
      { path: '/login', name: 'login' },
      { path: '/dashboard', name: 'dashboard' },
      { path: '/profile', name: 'user.profile' },
      { path: '/legal-notification', name: 'User.agreement' },
      { path: '/payment-history' },
      { path: '/admin' },
      { path: '/admin/dashboard', name: 'company.dashboard' },
      { path: '/admin/user/add', name: 'company.user.add' },
      { path: '/admin/question/add', name: 'company.question.add' },
      { path: '/admin/user/edit/:id', name: 'company.user.edit' },
    ]);
  });
});

describe('quick-create', () => {
  it('offers the named company.*.add routes that exist, in the order of the spec', () => {
    expect(quickCreateItems(table)).toEqual([
      { name: 'company.question.add', label: 'question', path: '/admin/question/add' },
      { name: 'company.user.add', label: 'user', path: '/admin/user/add' },
    ]);
  });

  it('opens an add screen with an optional parameter without it (the assignment’s add/:id?)', () => {
    const withAssignments: RouteObject[] = [
      { path: '/admin/assignment/add/:id?', Component: Page, handle: { name: 'company.assignments.add' } },
    ];
    expect(quickCreateItems(withAssignments)).toEqual([
      { name: 'company.assignments.add', label: 'assignment', path: '/admin/assignment/add' },
    ]);
  });

  it('offers nothing while no such route exists, so the button stays hidden', () => {
    expect(quickCreateItems([{ path: '/dashboard', Component: Page, handle: { name: 'dashboard' } }])).toEqual([]);
  });

  it.each([
    ['/admin', true],
    ['/admin/dashboard', true],
    ['/administration', false],
    ['/dashboard', false],
  ])('%s is a company page: %s', (path, expected) => {
    expect(isCompanyPage(path)).toBe(expected);
  });
});

describe('profile menu', () => {
  const withPages = (path: string) => hasPage(table, path);
  const learner = [{ id: ROLE.user }];
  const admin = [{ id: ROLE.admin }, { id: ROLE.user }];
  const keys = (roles: { id: number }[], paymentActive = false) =>
    profileMenuItems({ hasPage: withPages, roles, paymentActive }).map((item) => item.key);

  it('shows only the items whose page exists', () => {
    expect(keys(learner)).toEqual(['profile', 'legal_notice']);
    expect(profileMenuItems({ hasPage: () => false, roles: admin, paymentActive: true })).toEqual([]);
  });

  it('shows the admin panel only with more than one role', () => {
    expect(keys(admin)).toEqual(['admin_panel', 'profile', 'legal_notice']);
    expect(profileMenuItems({ hasPage: withPages, roles: admin, paymentActive: false })[0]).toEqual({
      key: 'admin_panel',
      path: '/admin/dashboard',
      testId: 'admin-panel-link',
    });
  });

  it('shows the order history only with the card-payment integration', () => {
    expect(keys(learner, true)).toEqual(['profile', 'order_history', 'legal_notice']);
  });
});

import { describe, expect, it } from 'vitest';
import { routePath } from '../../../app/route-names.js';
import { ADMIN_AREAS, adminBranch, adminRoutes, breadcrumbParentOf, navigationParentOf } from './routes.js';

describe('navigationParentOf (the list a page without a navigation entry belongs to)', () => {
  it('finds the list of an edit page by the longest shared path', () => {
    expect(navigationParentOf('/admin/hashtags/7/edit')?.path).toBe('/admin/hashtags');
    expect(navigationParentOf('/admin/institutions/edit/3')?.path).toBe('/admin/institutions');
  });

  it('takes the first declared screen when several share the same path', () => {
    expect(navigationParentOf('/admin/user/edit/5')?.path).toBe('/admin/user/list');
  });

  it('gives nothing when only /admin is shared', () => {
    expect(navigationParentOf('/admin/authorization-add-edit-roles/4')).toBeUndefined();
    expect(navigationParentOf('/admin/unknown')).toBeUndefined();
  });
});

describe('breadcrumbParentOf (the list in a page’s breadcrumbs)', () => {
  it('takes the list a page names when the paths do not tell it', () => {
    const handleOf = (name: string) => adminRoutes.find((route) => route.handle.name === name)?.handle ?? {};
    expect(breadcrumbParentOf(handleOf('company.assignments.edit'), '/admin/assignment/7/edit')?.path).toBe(
      '/admin/assignments',
    );
    expect(breadcrumbParentOf(handleOf('company.assignments.preview'), '/admin/assignment/7/preview')?.path).toBe(
      '/admin/assignments',
    );
  });

  it('falls back to the longest shared path', () => {
    expect(breadcrumbParentOf({}, '/admin/hashtags/7/edit')?.path).toBe('/admin/hashtags');
  });
});

describe('the admin routes', () => {
  it('all lie under /admin, which tells a start that needs them before its first page (router.tsx)', () => {
    for (const route of adminBranch(async () => () => null).children ?? []) {
      expect(route.path === routePath('company') || route.path?.startsWith(`${routePath('company')}/`)).toBe(true);
    }
    expect(adminRoutes.length).toBeGreaterThan(20);
  });
});

describe('the admin navigation', () => {
  it('groups points, the leader table, gifts, advertisements and announcements in one engagement area, in the spec’s order (§2.2)', () => {
    const engagement = adminRoutes.filter((route) => route.handle.nav?.area === 'engagement').map((r) => r.handle.name);
    expect(engagement).toEqual([
      'company.points',
      'company.leaders-table-management',
      'company.gifts',
      'company.gift.requests',
      'company.advertisement',
      'company.announcement',
    ]);
    expect(ADMIN_AREAS.indexOf('engagement')).toBe(ADMIN_AREAS.indexOf('content') + 1);
  });
});

import { describe, expect, it } from 'vitest';
import { pathForRoute, pathTo, ROUTES } from './route-names.js';
import { registeredRoutes } from './route-table.js';
import { fullRouteTable, routes } from './router.js';

describe('named routes', () => {
  it('keeps the admin screens out of the table the first page starts with (issue 11)', () => {
    const names = new Set(registeredRoutes(routes).map((page) => page.name));
    expect(names.has('login')).toBe(true);
    expect(names.has('dashboard')).toBe(true);
    expect(names.has('company.user.list')).toBe(false);
  });

  it.each([
    ['user.assignment-detail', { id: 4 }, '/assignment/4/detail'],
    ['user.education-detail', { id: '9' }, '/education/9/detail'],
    ['user.education-detail', {}, null],
    ['dashboard.notification', {}, '/notification'],
    ['User.my-certification', {}, '/my-certification'],
    ['user.my-assignment', {}, '/my-assignment'],
    ['company.hashtag.edit', { id: 7 }, '/admin/hashtags/7/edit'],
    ['company.assignments.add', {}, '/admin/assignment/add'],
    ['company.assignments.add', { id: 12 }, '/admin/assignment/add/12'],
    ['nonsense', {}, null],
  ])('%s %j → %s', (name, params, expected) => {
    expect(pathForRoute(name, params)).toBe(expected);
  });

  it('builds links with the params each route needs, encoded', () => {
    expect(pathTo('company.institution.edit', { id: 3 })).toBe('/admin/institutions/edit/3');
    expect(pathTo('company.mail-templates.edit', { event: 'user.invited', language: 'de' })).toBe(
      '/admin/mail-templates/user.invited/de',
    );
    expect(pathTo('company.hashtag.index')).toBe('/admin/hashtags');
    expect(pathTo('company.user.detail', { id: 'a/b' })).toBe('/admin/user/detail/a%2Fb');
    // @ts-expect-error: the edit screen needs its id
    expect(() => pathTo('company.hashtag.edit')).toThrow(/missing a parameter/);
    // @ts-expect-error: a list takes no params
    pathTo('company.hashtag.index', { id: 1 });
    // @ts-expect-error: no such route
    expect(() => pathTo('company.nonsense')).toThrow();
  });

  it('gives every page of the route table a name whose registered path is the page’s', async () => {
    const pages = registeredRoutes(await fullRouteTable());
    expect(pages.length).toBeGreaterThan(50);
    const unnamed = pages.filter((page) => !page.name).map((page) => page.path);
    expect(unnamed).toEqual([]);
    const drifted = pages.filter((page) => ROUTES[page.name as keyof typeof ROUTES] !== page.path);
    expect(drifted).toEqual([]);
  });

  it('names the admin screens that had no name before (user import, registration requests, mail templates)', async () => {
    const names = new Set(registeredRoutes(await fullRouteTable()).map((page) => page.name));
    for (const name of [
      'company.user.import',
      'company.requests.user',
      'company.mail-templates',
      'company.mail-templates.edit',
    ]) {
      expect(names.has(name)).toBe(true);
    }
  });
});

import type { RouteObject } from 'react-router';
import { pathForRoute, pathTo } from '../../../app/route-names.js';
import { registeredRoutes } from '../../../app/route-table.js';

/** The named quick-create routes of spec §2.2, in the spec's order, with the locale key of each label. */
export const QUICK_CREATE_ROUTES = [
  { name: 'company.question.add', label: 'question' },
  { name: 'company.user.add', label: 'user' },
  { name: 'company.content.add', label: 'content' },
  { name: 'company.program.add', label: 'program' },
  { name: 'company.assignments.add', label: 'assignment' },
  { name: 'company.content.catalog.add', label: 'catalog' },
  { name: 'company.survey.add', label: 'survey' },
  { name: 'company.certificate.add', label: 'certificate' },
  { name: 'company.certificate_template.add', label: 'certificate_template' },
  { name: 'company.advertisement.add', label: 'advertisement' },
  { name: 'company.announcement.add', label: 'announcement' },
] as const;

export type QuickCreateLabel = (typeof QUICK_CREATE_ROUTES)[number]['label'];

export interface QuickCreateItem {
  name: string;
  label: QuickCreateLabel;
  path: string;
}

/** The quick-create entries whose named route exists in the route table; it grows as the admin screens arrive. */
export function quickCreateItems(routes: readonly RouteObject[]): QuickCreateItem[] {
  const byName = new Map(registeredRoutes(routes).flatMap((r) => (r.name ? [[r.name, r.path] as const] : [])));
  return QUICK_CREATE_ROUTES.flatMap(({ name, label }) => {
    const pattern = byName.get(name);
    // An optional parameter (the assignment's `add/:id?`) is left out: quick-create starts empty.
    const path = pattern && (pathForRoute(name) ?? pattern);
    return path ? [{ name, label, path }] : [];
  });
}

/** Company pages, where admins work and the quick-create button shows: the admin area. */
export function isCompanyPage(pathname: string): boolean {
  return pathname === pathTo('company') || pathname.startsWith(`${pathTo('company')}/`);
}

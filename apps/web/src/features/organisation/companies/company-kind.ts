import type { CompanySelf } from '@kampus/shared';

export type CompanyKind = 'main' | 'sub';

/**
 * Whether the acting company is a main company or a sub-company of its group, from what the host's company knows of
 * its parent and children; null when the acting company is not related to the host at all.
 */
export function companyKind(
  actingCompanyId: number | null | undefined,
  host: Pick<CompanySelf, 'id' | 'parent' | 'children'> | null,
): CompanyKind | null {
  if (!host || actingCompanyId == null) return null;
  if (actingCompanyId === host.id) return host.parent ? 'sub' : 'main';
  if (actingCompanyId === host.parent?.id) return 'main';
  if (host.children.some((child) => child.id === actingCompanyId)) return 'sub';
  return null;
}

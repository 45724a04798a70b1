/**
 * Where a deep link with ?token=&type=&id= lands after the token is exchanged (spec §2.5): assignment or education
 * detail when an id is given, the catalogue, the certificates, or else the dashboard.
 */
export function tokenEntryDestination(type: string | null, id: string | null): string {
  const validId = id !== null && /^\d+$/.test(id) ? id : null;
  switch (type) {
    case 'assignment':
      return validId ? `/assignment/${validId}/detail` : '/dashboard';
    case 'education':
      return validId ? `/education/${validId}/detail` : '/dashboard';
    case 'education-category':
      return '/education-category';
    case 'certification':
    case 'my-certification':
      return '/my-certification';
    default:
      return '/dashboard';
  }
}

/** The query string without the entry parameters, so the one-time token never stays in the address (spec §2.5). */
export function stripEntryParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of ['token', 'type', 'id']) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

import { hasMoreThanOneRole, isSuperAdminByRoleCount } from './access.js';

type Person = { id?: number | null; name?: string | null; surname?: string | null };
type Viewer = { id?: number | null; roles: readonly { id: number }[] };

/**
 * Name masking (spec §5): one's own name is shown in full; otherwise, unless the viewer has more than one role or is
 * a super admin, a company with surname_view_restrict 1 shows only the surname's first letter followed by four asterisks.
 */
export function displayName(
  person: Person,
  viewer: Viewer,
  surnameViewRestrict: number | boolean | null | undefined,
): string {
  const name = (person.name ?? '').trim();
  const surname = (person.surname ?? '').trim();
  const isSelf = person.id != null && viewer.id != null && person.id === viewer.id;
  const isPrivileged = hasMoreThanOneRole(viewer.roles) || isSuperAdminByRoleCount(viewer.roles);
  const restricted = Number(surnameViewRestrict) === 1;
  if (isSelf || isPrivileged || !restricted || surname === '') return [name, surname].filter(Boolean).join(' ');
  return [name, `${Array.from(surname)[0]}****`].filter(Boolean).join(' ');
}

/** Initials are the first letters of name and surname, or a question mark (spec §5). */
export function initials(person: Person): string {
  const letters = [person.name, person.surname]
    .map((part) => Array.from((part ?? '').trim())[0] ?? '')
    .join('')
    .toLocaleUpperCase('tr');
  return letters === '' ? '?' : letters;
}

/** Badge text: counts above 99 show as 99+ (spec §2.6, §9). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(Math.max(0, Math.trunc(count)));
}

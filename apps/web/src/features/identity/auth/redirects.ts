/** Pages never used as a place to come back to (spec §2.4). */
const NEVER_STORED = ['/403', '/404', '/500'];

/** Where to go after signing in: a safe same-site path from ?redirect, else /dashboard; / and /login become /dashboard. */
export function afterLoginPath(redirect: string | null): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return '/dashboard';
  const path = redirect.split(/[?#]/)[0] ?? '';
  if (path === '/' || path === '/login' || NEVER_STORED.includes(path)) return '/dashboard';
  return redirect;
}

export function isStorableRedirect(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare !== '/login' && !NEVER_STORED.includes(bare);
}

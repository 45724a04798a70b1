import { Center, Loader } from '@mantine/core';
import { useEffect, useLayoutEffect, useState } from 'react';
import {
  createBrowserRouter,
  type Location,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
} from 'react-router';
import { RouteErrorScreen } from '../features/frame/errors/RouteErrorScreen.js';
import { type StartupState, startupDestination } from '../features/identity/auth/startup.js';
import { afterFirstPaintInTurn, markFirstPageShown } from '../lib/deferred.js';
import { guardLazyRoutes, loadChunk, preloadLazyRoute } from '../lib/lazy.js';
import { sessionStore } from '../lib/session.js';
import { removeShell } from '../lib/shell.js';
import { STORAGE_KEYS, storage } from '../lib/storage.js';
import { useCompany } from './company.js';
import { RequireAuth } from './guards.js';
import { pageRoutePath as routePath } from './page-routes.js';
import type { LaterPageName } from './pages.js';
import { hasPage } from './route-table.js';

/**
 * Every page is its own chunk (spec §2, ARCHITECTURE "every page lazy-loaded"); `routes` passes every lazy loader
 * through guardLazyRoutes, so a chunk that fails or takes over 120 s surfaces as a ChunkLoadError (spec §8).
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** A page loaded through app/pages.tsx (see its note: the sign-in page's budget), under its route name. */
const later = (name: LaterPageName): RouteObject => ({
  path: routePath(name),
  handle: { name },
  lazy: page(async () => (await import('./pages.js')).laterPages[name]()),
});

function startupState(location: Location, isMarketingHost: boolean, savedRedirect: string | null): StartupState {
  return {
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    isMarketingHost,
    isAuthenticated: sessionStore.isAuthenticated(),
    savedRedirect,
    hasPage: (path) => hasPage(currentRoutes(), path),
  };
}

/** The root: on the first load it applies the start-up rules of spec §2.4 once, then shows the routed page. */
function Startup() {
  const location = useLocation();
  const navigate = useNavigate();
  const isMarketingHost = useCompany() === null;
  const [destination] = useState(() =>
    startupDestination(startupState(location, isMarketingHost, storage.get<string>(STORAGE_KEYS.redirect))),
  );
  const [arrived, setArrived] = useState(destination === null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first load only
  useEffect(() => {
    // A signed-in start consumes the saved address, whether it was used or was not a page.
    if (sessionStore.isAuthenticated()) storage.remove(STORAGE_KEYS.redirect);
    if (destination !== null) navigate(destination, { replace: true });
    setArrived(true);
  }, []);
  return arrived ? (
    <>
      <Outlet />
      <FirstPageMark />
    </>
  ) : (
    <PageLoader />
  );
}

/**
 * Tells lib/deferred.tsx that the first page is in the document: its effect runs after the routed page has been
 * committed, once the router has nothing left to load and the page is not the start route, which only redirects.
 */
function FirstPageMark() {
  const navigation = useNavigation();
  const matches = useMatches();
  const redirecting = (matches.at(-1)?.handle as { name?: string } | undefined)?.name === '/';
  const shown = navigation.state === 'idle' && !redirecting;
  // Before the browser paints the page: the server's first-paint shell gives way to it in the same frame.
  useLayoutEffect(() => {
    if (shown) removeShell();
  });
  useEffect(() => {
    if (shown) markFirstPageShown();
  });
  return null;
}

/** The root path reached from within the app: the same rules, without a saved address. */
function Start() {
  const location = useLocation();
  const isMarketingHost = useCompany() === null;
  return <Navigate to={startupDestination(startupState(location, isMarketingHost, null)) ?? '/homepage'} replace />;
}

/** Shown while the first page's chunk loads. */
function PageLoader() {
  return (
    <Center mih="100vh">
      <Loader aria-label="…" />
    </Center>
  );
}

/** The route the admin branch is patched into (see createRouter). */
const ADMIN_SLOT = 'admin-panel';

/** The pages that use React Query, under WithQueries.tsx (the sign-in page and the learner home do not). */
const queryPages: RouteObject[] = [
  {
    path: routePath('homepage'),
    lazy: page(() => import('../features/frame/home/HomePage.js')),
    handle: { name: 'homepage' },
  },
  ...(
    [
      'confirm-access-code',
      'certificate.verify',
      'short-link',
      'forgot-password',
      'reset-password',
      'create-password',
      'register',
      'register-invitation',
      'email-verification',
      'policies',
      '403',
      '404',
      '500',
    ] as const
  ).map(later),
  {
    Component: RequireAuth,
    children: [
      // The admin panel (spec §2.2): its own layout, every route's handle.permission checked first (RequirePermission,
      // with the branch). Its routes are patched in here when first needed (see createRouter).
      { id: ADMIN_SLOT, children: [] },
      // The separate full-width player page (spec §2.1), outside the dashboard frame.
      later('user.player'),
      later('user.education-player'),
    ],
  },
  { path: '*', element: <Navigate to="/404" replace /> },
];

const withQueries = page(() => import('./WithQueries.js'));

/** The learner frame's pages besides the home, under React Query. */
const learnerFramePages: LaterPageName[] = [
  'dashboard.notification',
  'user.profile',
  'profile.edit',
  'User.agreement',
  'User.faq',
  'user.my-education',
  'user.education-detail',
  'user.education-category',
  'user.my-assignment',
  'user.assignment-detail',
  'user.assignment-classroom',
  'user.announcements',
  'user.announcement-detail',
  'user.agenda',
  'user.survey',
  'user.evaluation-survey',
  'user.test',
  'user.test.exam',
  'user.test.attempt',
  'User.my-certification',
  'user.certification-preview',
  'user.leader-table',
  'user.gift',
  'user.search',
];

/**
 * The whole route table with the spec's paths; names in `handle.name` (spec §2.1, §2.3). The sign-in page, the start
 * and the learner home load no React Query (issue 11); the learner frame's other pages get it below the frame, so
 * moving between them and the home keeps the frame.
 */
const pages: RouteObject[] = [
  { path: routePath('/'), Component: Start, handle: { name: '/' } },
  {
    path: routePath('login'),
    lazy: page(() => import('../features/identity/auth/LoginPage.js')),
    handle: { name: 'login' },
  },
  {
    Component: RequireAuth,
    children: [
      {
        // The learner frame (header, side menu, realtime) loads with the first page inside it, not on the sign-in path.
        lazy: async () => ({ Component: (await import('./layouts/DashboardLayout.js')).DashboardLayout }),
        children: [
          {
            path: routePath('dashboard'),
            lazy: page(() => import('../features/frame/home/DashboardPage.js')),
            handle: { name: 'dashboard' },
          },
          { lazy: withQueries, children: learnerFramePages.map(later) },
        ],
      },
    ],
  },
  { lazy: withQueries, children: queryPages },
];

export const routes: RouteObject[] = [
  {
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorScreen,
    Component: Startup,
    children: guardLazyRoutes(pages),
  },
];

let adminBranch: Promise<RouteObject> | null = null;
let loadedAdminBranch: RouteObject | null = null;

/**
 * The admin panel's route declarations (about 60 screens with their paths, permissions, titles and loaders), in a
 * chunk of their own: neither the sign-in page nor the learner home needs them before it shows (issue 11).
 */
export function loadAdminBranch(): Promise<RouteObject> {
  adminBranch ??= loadChunk(() =>
    Promise.all([import('../features/frame/admin/routes.js'), import('./permission-guard.js')]),
  ).then(([module, { RequirePermission }]) => {
    const [branch] = guardLazyRoutes([
      {
        Component: RequirePermission,
        children: [module.adminBranch(async () => (await import('./layouts/AdminLayout.js')).AdminLayout)],
      },
    ]) as [RouteObject];
    loadedAdminBranch = branch;
    return branch;
  });
  adminBranch.catch(() => {
    adminBranch = null;
  });
  return adminBranch;
}

let currentRouter: ReturnType<typeof createBrowserRouter> | null = null;

/** The route table as far as it is loaded: the router's once it exists, the admin branch once patched in. */
function currentRoutes(): RouteObject[] {
  return (currentRouter?.routes as RouteObject[] | undefined) ?? routes;
}

/**
 * The router. The admin branch joins the table (React Router's route patching) when a navigation reaches a path the
 * table does not know yet or matches only with parameters or the catch-all (so `/admin/…` waits for it instead of
 * becoming a 404), and otherwise once the first page has shown and the browser is idle, since the menus show an
 * admin link only when its page exists. A start whose first page or saved address may be an admin page loads it
 * before the router is made (main.tsx, `startNeedsAdminRoutes`).
 */
export function createRouter() {
  const router = createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ patch }) {
      patch(ADMIN_SLOT, [await loadAdminBranch()]);
    },
  });
  currentRouter = router;
  if (loadedAdminBranch) router.patchRoutes(ADMIN_SLOT, [loadedAdminBranch]);
  else
    void afterFirstPaintInTurn(loadAdminBranch).then(
      (branch) => router.patchRoutes(ADMIN_SLOT, [branch]),
      () => undefined,
    );
  return router;
}

/** The whole route table, the admin branch loaded and in its place (tests, and whoever needs every page). */
export async function fullRouteTable(): Promise<RouteObject[]> {
  await loadAdminBranch();
  return withAdminBranch(routes);
}

/** The table with the admin branch in its place once it is loaded (for matching before the router exists). */
function withAdminBranch(table: RouteObject[]): RouteObject[] {
  if (!loadedAdminBranch) return table;
  const branch = loadedAdminBranch;
  return table.map((route) =>
    route.id === ADMIN_SLOT
      ? { ...route, children: [branch] }
      : route.children
        ? { ...route, children: withAdminBranch(route.children) }
        : route,
  ) as RouteObject[];
}

/**
 * Whether this start may need the admin routes before its first page: the address, the saved address or an old
 * `#/path` link is under /admin. Such a start loads them beside the boot requests.
 */
export function startNeedsAdminRoutes(): boolean {
  const admin = routePath('company');
  const saved = storage.get<string>(STORAGE_KEYS.redirect);
  return [window.location.pathname, window.location.hash.replace(/^#/, ''), saved ?? ''].some(
    (path) => path === admin || path.startsWith(`${admin}/`) || path.startsWith(`${admin}?`),
  );
}

/**
 * Starts loading the chunks of the page this start will show, while the company and the texts are still being
 * fetched (main.tsx), instead of after them. The start-up redirect is followed as far as it is known before the
 * company is: a guess, for a wrong one only costs a download the router would not have asked for.
 */
export function preloadFirstPage(): void {
  const destination = startupDestination(
    startupState(
      {
        pathname: window.location.pathname,
        search: window.location.search,
        hash: window.location.hash,
        state: null,
        key: '',
      },
      false,
      storage.get<string>(STORAGE_KEYS.redirect),
    ),
  );
  for (const { route } of matchRoutes(withAdminBranch(routes), destination ?? window.location.pathname) ?? []) {
    preloadLazyRoute(route);
  }
}

import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { loadChunk } from './lazy.js';

/** Whether the app's first page is on screen: the router, once it has loaded that page's chunks and data. */
export interface FirstPage {
  isShown(): boolean;
  subscribe(listener: () => void): () => void;
}

let firstPage: FirstPage | null = null;
let painted: Promise<void> | null = null;

/** Ties afterFirstPaint to the router (router.tsx); without one (unit tests) it waits for a frame only. */
export function followFirstPage(page: FirstPage): void {
  firstPage = page;
}

const idle = (resolve: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : resolve();

/**
 * Settles once the first page has painted and the browser has a quiet moment. What no first paint needs (the
 * header's menus, the footer, toasts, realtime) loads then, so it neither delays the page nor shares the network
 * with the page's own scripts (issue 11). A redirect at start (/ to /dashboard) is a navigation, so the page it
 * leads to is the one waited for. Later calls settle at once.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    let unsubscribe = () => {};
    // A frame callback runs just before the paint; a task queued from it runs after that paint.
    const settle = () =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (firstPage && !firstPage.isShown()) return;
          unsubscribe();
          idle(resolve);
        }),
      );
    if (firstPage) unsubscribe = firstPage.subscribe(() => firstPage?.isShown() && settle());
    if (!firstPage || firstPage.isShown()) settle();
  });
  return painted;
}

/**
 * A component whose chunk loads after the first paint (see afterFirstPaint); `fallback` holds its place until then.
 * Only for parts the page can show without: a part that must answer a click at once needs its own placeholder.
 */
export function deferred<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Loaded = lazy(() => afterFirstPaint().then(() => loadChunk(load)));
  return function Deferred(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

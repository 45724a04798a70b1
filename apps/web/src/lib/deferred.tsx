import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { loadChunk } from './lazy.js';

let markShown: () => void = () => {};
const firstPageShown = new Promise<void>((resolve) => {
  markShown = resolve;
});
let painted: Promise<void> | null = null;

/**
 * The router's root calls this once the first page's content is in the document (router.tsx); a start-up redirect
 * does not count as that page.
 */
export function markFirstPageShown(): void {
  markShown();
}

const idle = (resolve: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : resolve();

/**
 * Settles once the first page has painted and the browser has a quiet moment. What no first paint needs (the
 * header's menus, the footer, toasts, realtime) loads then, so it neither delays the page nor shares the network
 * with the page's own scripts (issue 11). Later calls settle at once.
 */
export function afterFirstPaint(): Promise<void> {
  // A frame callback runs just before the paint; a task queued from it runs after that paint.
  painted ??= firstPageShown.then(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => idle(resolve)))),
  );
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

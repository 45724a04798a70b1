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

let queue: Promise<unknown> = Promise.resolve();
const nextQuietTask = () => new Promise<void>((resolve) => setTimeout(() => idle(resolve)));

/**
 * Runs `load` after the first paint (afterFirstPaint), one at a time and each in a task of its own: the next starts
 * only once the browser is idle again after the previous one (which leaves React the time to render what that one
 * brought). Parts loaded together would evaluate their chunks and render in one long task that blocks input (TBT,
 * issue 11); in turn, each is a short one. Turns are taken in the order they are asked for.
 */
export function afterFirstPaintInTurn<T>(load: () => Promise<T>): Promise<T> {
  const turn = queue.then(afterFirstPaint).then(load);
  queue = turn.then(nextQuietTask, nextQuietTask);
  return turn;
}

/**
 * A component whose chunk loads after the first paint, in turn with the other deferred parts (afterFirstPaintInTurn);
 * `fallback` holds its place until then. Only for parts the page can show without: a part that must answer a click at
 * once needs its own placeholder.
 */
export function deferred<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Loaded = lazy(() => afterFirstPaintInTurn(() => loadChunk(load)));
  return function Deferred(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

import { CHUNK_LOAD_TIMEOUT_MS } from '@kampus/shared';
import type { RouteObject } from 'react-router';

export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

export type ChunkLoadErrorCode = 'CHUNK_LOAD_FAILED' | 'CHUNK_LOAD_TIMEOUT' | typeof CSS_CHUNK_LOAD_FAILED;

/**
 * A part of the app that could not be loaded (spec §8): its script failed, did not arrive within
 * CHUNK_LOAD_TIMEOUT_MS, or a stylesheet it needs failed (code CSS_CHUNK_LOAD_FAILED). Reloading the page is the cure
 * in every case: after a deployment the old hashed file names no longer exist, and a dropped connection comes back.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    message: string,
    readonly code: ChunkLoadErrorCode,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Vite's preload helper rejects with this message when a chunk's stylesheet fails (and fires vite:preloadError). */
const CSS_FAILURE = /Unable to preload CSS|CSS chunk|stylesheet/i;

function asChunkLoadError(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (CSS_FAILURE.test(message)) {
    return new ChunkLoadError(`${CSS_CHUNK_LOAD_FAILED}: ${message}`, CSS_CHUNK_LOAD_FAILED, { cause: error });
  }
  return new ChunkLoadError(`Loading chunk failed: ${message}`, 'CHUNK_LOAD_FAILED', { cause: error });
}

/**
 * Runs a chunk loader (a dynamic import) and settles with its module, or rejects with a ChunkLoadError when it fails
 * or has not settled after `timeoutMs`: a hung request would otherwise leave the page loading forever.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`, 'CHUNK_LOAD_TIMEOUT')),
      timeoutMs,
    );
    Promise.resolve()
      .then(load)
      .then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(asChunkLoadError(error));
        },
      );
  });
}

type Lazy = NonNullable<RouteObject['lazy']>;

/** Loads started ahead of the router (preloadLazyRoute), each handed over to the router's first load of its route. */
const startedEarly = new WeakMap<object, Promise<unknown>>();

/**
 * Starts loading a route's lazy part now, before the router asks for it (the first page, while the boot requests
 * run). The router's own load then gets this same promise, its failure included: loading again would not fail the
 * same way (a stylesheet that failed is still in the document, so Vite's preload counts it as loaded).
 */
export function preloadLazyRoute(route: RouteObject): void {
  const lazy = route.lazy;
  if (typeof lazy !== 'function' || startedEarly.has(lazy)) return;
  const loading = Promise.resolve(lazy());
  loading.catch(() => undefined);
  startedEarly.set(lazy, loading);
}

function guardLazy(lazy: Lazy): Lazy {
  if (typeof lazy === 'function') {
    const guarded = (() => {
      const early = startedEarly.get(guarded);
      startedEarly.delete(guarded);
      return early ?? loadChunk(lazy);
    }) as Lazy;
    return guarded;
  }
  const guarded: Record<string, unknown> = {};
  for (const [key, load] of Object.entries(lazy)) {
    guarded[key] = typeof load === 'function' ? () => loadChunk(load as () => Promise<unknown>) : load;
  }
  return guarded as Lazy;
}

/**
 * Every lazy route of a route table, at any depth and in either of React Router's forms (a function or an object of
 * functions), loaded through loadChunk. Applied once to the whole table, so a route added later is covered too.
 */
export function guardLazyRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const guarded = { ...route } as RouteObject;
    if (route.lazy) guarded.lazy = guardLazy(route.lazy);
    if (route.children) guarded.children = guardLazyRoutes(route.children);
    return guarded;
  });
}

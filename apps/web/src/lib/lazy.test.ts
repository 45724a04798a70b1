import { CHUNK_LOAD_TIMEOUT_MS } from '@kampus/shared';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ChunkLoadError,
  CSS_CHUNK_LOAD_FAILED,
  guardLazyRoutes,
  isChunkLoadError,
  loadChunk,
  preloadLazyRoute,
} from './lazy.js';

const never = () => new Promise<never>(() => undefined);

/** Settles a promise into an inspectable state without awaiting it, so fake time can pass in between. */
function track<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = { status: 'pending' };
  promise.then(
    (value) => Object.assign(state, { status: 'resolved', value }),
    (error: unknown) => Object.assign(state, { status: 'rejected', error }),
  );
  return state;
}

describe('loadChunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the 120 s time-out of spec §9', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects a chunk that has not loaded after 120 s with a ChunkLoadError, not a moment before', async () => {
    const state = track(loadChunk(never));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(state.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(state.status).toBe('rejected');
    expect(state.error).toBeInstanceOf(ChunkLoadError);
    expect(state.error).toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_TIMEOUT' });
  });

  it('resolves with the module when it arrives in time and leaves no timer behind', async () => {
    const module = { default: 'Page' };
    const state = track(
      loadChunk(() => new Promise((resolve) => setTimeout(() => resolve(module), CHUNK_LOAD_TIMEOUT_MS - 10))),
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 10);
    expect(state).toEqual({ status: 'resolved', value: module });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the time-out when the module arrives too late', async () => {
    const state = track(
      loadChunk(() => new Promise((resolve) => setTimeout(() => resolve('late'), CHUNK_LOAD_TIMEOUT_MS + 5))),
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS + 5);
    expect(state.status).toBe('rejected');
    expect((state.error as ChunkLoadError).code).toBe('CHUNK_LOAD_TIMEOUT');
  });

  it('honours a shorter time-out when given one', async () => {
    const state = track(loadChunk(never, 50));
    await vi.advanceTimersByTimeAsync(50);
    expect(state.status).toBe('rejected');
  });

  it('turns a failed script import into a ChunkLoadError at once, keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-abc.js');
    const state = track(loadChunk(() => Promise.reject(cause)));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.error).toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_FAILED', cause });
    expect(isChunkLoadError(state.error)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("reports a stylesheet that failed in Vite's preload as CSS_CHUNK_LOAD_FAILED", async () => {
    const cause = new Error('Unable to preload CSS for http://x/assets/HomePage-abc.css');
    const state = track(loadChunk(() => Promise.reject(cause)));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.error).toMatchObject({ name: 'ChunkLoadError', code: CSS_CHUNK_LOAD_FAILED, cause });
    expect((state.error as Error).message).toContain(CSS_CHUNK_LOAD_FAILED);
  });

  it('catches a loader that throws before returning a promise', async () => {
    const state = track(
      loadChunk(() => {
        throw new Error('boom');
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(state.error).toMatchObject({ code: 'CHUNK_LOAD_FAILED' });
  });
});

/** The lazy function of a route, failing the test when there is none. */
function lazyOf(route: RouteObject | undefined): () => Promise<unknown> {
  if (typeof route?.lazy !== 'function') throw new Error('the route has no lazy function');
  return route.lazy as () => Promise<unknown>;
}

describe('guardLazyRoutes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wraps every lazy route at any depth, in both forms, and leaves the rest and the input as they were', async () => {
    const Component = () => null;
    const hung = vi.fn(never);
    const table: RouteObject[] = [
      { path: '/a', lazy: async () => ({ Component }) },
      {
        Component,
        children: [
          { path: '/b', lazy: hung },
          { path: '/c', lazy: { Component: () => Promise.reject(new TypeError('Failed to fetch')) } },
        ],
      },
      { path: '/d', Component },
    ];
    const guarded = guardLazyRoutes(table);

    expect(table[1]?.children?.[0]?.lazy).toBe(hung);
    expect(guarded[2]).toEqual(table[2]);
    await expect(lazyOf(guarded[0])()).resolves.toEqual({ Component });

    const hanging = track(lazyOf(guarded[1]?.children?.[0])());
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(hanging.error).toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_TIMEOUT' });
    expect(hung).toHaveBeenCalledOnce();

    const objectForm = guarded[1]?.children?.[1]?.lazy as { Component: () => Promise<unknown> };
    await expect(objectForm.Component()).rejects.toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_FAILED' });
  });

  it('hands a load started ahead of the router to the router, failure and all, and loads anew after that', async () => {
    const failure = new Error('Unable to preload CSS for /assets/HomePage-x.css');
    const load = vi
      .fn()
      .mockRejectedValueOnce(failure)
      .mockResolvedValue({ Component: () => null });
    const [route] = guardLazyRoutes([{ path: '/', lazy: load }]);
    if (!route) throw new Error('no route');
    preloadLazyRoute(route);
    preloadLazyRoute(route);
    await expect(lazyOf(route)()).rejects.toMatchObject({ code: CSS_CHUNK_LOAD_FAILED });
    expect(load).toHaveBeenCalledOnce();
    await expect(lazyOf(route)()).resolves.toHaveProperty('Component');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

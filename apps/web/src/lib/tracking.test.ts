import { describe, expect, it, vi } from 'vitest';
import { routeNameOf, trackPageView } from './tracking.js';

describe('routeNameOf', () => {
  it('takes the deepest route that has a name', () => {
    expect(routeNameOf([{ handle: undefined }, { handle: {} }, { handle: { name: 'dashboard' } }])).toBe('dashboard');
    expect(routeNameOf([{ handle: { name: 'outer' } }, { handle: { name: 'dashboard.notification' } }])).toBe(
      'dashboard.notification',
    );
    expect(routeNameOf([{ handle: { name: 'outer' } }, { handle: { title: 'x' } }])).toBe('outer');
    expect(routeNameOf([{ handle: undefined }])).toBeNull();
    expect(routeNameOf([])).toBeNull();
  });
});

describe('trackPageView', () => {
  it('posts the path and the route name', () => {
    const post = vi.fn(() => Promise.resolve(null));
    trackPageView('/dashboard', 'dashboard', { post });
    trackPageView('/somewhere', null, { post });
    expect(post).toHaveBeenNthCalledWith(1, 'api/page-views', { path: '/dashboard', route_name: 'dashboard' });
    expect(post).toHaveBeenNthCalledWith(2, 'api/page-views', { path: '/somewhere' });
  });

  it('only logs a failure', async () => {
    const failure = new Error('offline');
    const warn = vi.fn();
    trackPageView('/dashboard', 'dashboard', { post: () => Promise.reject(failure) }, { warn });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('page view not recorded', failure));
  });
});

import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { guardLazyRoutes } from '../../../lib/lazy.js';

vi.mock('../../../lib/session.js', () => ({ sessionStore: { isAuthenticated: () => false } }));
// The public frame's language menu talks to the API; this test is about the error screens only.
vi.mock('../../../components/LanguageMenu.js', () => ({ LanguageMenu: () => null }));

const { RouteErrorScreen } = await import('./RouteErrorScreen.js');

function Broken(): never {
  throw new Error('render failed');
}

function renderAt(path: string) {
  renderPage(
    [
      {
        ErrorBoundary: RouteErrorScreen,
        children: guardLazyRoutes([
          { path: '/ok', element: <p>fine</p> },
          {
            path: '/missing-script',
            lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/X-1.js')),
          },
          {
            path: '/missing-style',
            lazy: () => Promise.reject(new Error('Unable to preload CSS for /assets/X-1.css')),
          },
          { path: '/broken', Component: Broken },
        ]),
      },
    ],
    { at: path },
  );
}

describe('the root error boundary', () => {
  afterEach(cleanup);

  it('offers a reload when a page script fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/missing-script');
    const screenElement = await screen.findByTestId('chunk-error');
    expect(screenElement.dataset.code).toBe('CHUNK_LOAD_FAILED');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
  });

  it('names a failed stylesheet CSS_CHUNK_LOAD_FAILED and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/missing-style');
    const screenElement = await screen.findByTestId('chunk-error');
    expect(screenElement.dataset.code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(screenElement.textContent).toContain("The page's styles could not be downloaded.");
  });

  it('shows the generic error with reload and the way home for any other error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken');
    await screen.findByTestId('route-error');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByTestId('chunk-error')).toBeNull();
  });

  it('stays out of the way when nothing fails', async () => {
    renderAt('/ok');
    await screen.findByText('fine');
    expect(screen.queryByTestId('route-error')).toBeNull();
  });
});

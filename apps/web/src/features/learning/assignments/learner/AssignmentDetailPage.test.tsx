import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { detail } from '../fixtures.js';
import AssignmentDetailPage from './AssignmentDetailPage.js';

function renderAt(at: string) {
  return renderPage(
    [
      { path: '/assignment/:id/detail', element: <AssignmentDetailPage /> },
      { path: '/404', element: <output data-testid="not-found" /> },
    ],
    { at },
  );
}

describe('AssignmentDetailPage (/assignment/:id/detail)', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows what, why, by when and each item with its own button', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: detail() } as never);
    renderAt('/assignment/7/detail');
    expect(await screen.findByTestId('assignment-detail')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('api/my/assignments/7');
    expect(screen.getByTestId('assignment-title').textContent).toBe('Information security 2026');
    // The description is the admin's rich text: kept formatted, scripts removed.
    const description = screen.getByTestId('assignment-description');
    expect(description.querySelector('strong')?.textContent).toBe('once a year');
    expect(description.querySelector('script')).toBeNull();
    expect(screen.getByTestId('assignment-end').textContent).toContain('15/12/2026');
    expect(screen.getByTestId('assignment-duration').textContent).toContain('45');
    const items = screen.getAllByTestId('assignment-item');
    expect(items).toHaveLength(2);
    const buttons = screen.getAllByTestId('assignment-item-action');
    expect(buttons.map((button) => button.getAttribute('data-action'))).toEqual(['review', 'start']);
    expect(buttons[1]!.getAttribute('href')).toBe('/eduction/31/player?source=content');
    // The one obvious next step: the first item not completed.
    expect(screen.getByTestId('assignment-next').getAttribute('href')).toBe('/eduction/31/player?source=content');
    expect(screen.queryByTestId('assignment-overdue')).toBeNull();
    expect(screen.getByTestId('finished-rate').textContent).toBe('50%');
  });

  it('warns when the assignment is overdue', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: detail({ status: 'overdue' }) } as never);
    renderAt('/assignment/7/detail');
    const warning = await screen.findByTestId('assignment-overdue');
    expect(warning.textContent).toContain('This assignment is overdue');
    expect(warning.textContent).toContain('15/12/2026');
  });

  it('goes to the not-found page for someone else’s or a malformed id', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new ApiError(404, null, 'Not found'));
    renderAt('/assignment/99/detail');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    cleanup();
    renderAt('/assignment/abc/detail');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('shows an outage with a retry, and a skeleton while loading', async () => {
    const get = vi.spyOn(http, 'get').mockRejectedValue(new ApiError(500, null, 'Server error'));
    renderAt('/assignment/7/detail');
    expect(screen.getByTestId('assignment-loading')).toBeTruthy();
    const error = await screen.findByTestId('assignment-error', undefined, { timeout: 5000 });
    const calls = get.mock.calls.length;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(calls));
  });
});

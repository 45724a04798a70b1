import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { detail } from '../fixtures.js';
import AssignmentPreviewPage from './AssignmentPreviewPage.js';

describe('AssignmentPreviewPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the learner’s page read-only: no progress, no buttons', { timeout: 20_000 }, async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockResolvedValue({ data: detail({ preview: true, status: 'not_started', progress: 0 }) } as never);
    renderPage(<AssignmentPreviewPage />, { path: '/admin/assignment/:id/preview', at: '/admin/assignment/7/preview' });
    expect(await screen.findByTestId('assignment-preview-note')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('api/admin/assignments/7/preview');
    expect(screen.getByTestId('assignment-title').textContent).toBe('Information security 2026');
    expect(screen.getAllByTestId('assignment-item')).toHaveLength(2);
    expect(screen.queryByTestId('assignment-item-action')).toBeNull();
    expect(screen.queryByTestId('assignment-next')).toBeNull();
    expect(screen.queryByTestId('assignment-status')).toBeNull();
  });
});

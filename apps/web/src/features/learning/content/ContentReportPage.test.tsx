import type { Content, ContentReport } from '@kampus/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { reportExportPath } from './api.js';
import ContentReportPage from './ContentReportPage.js';

const content = { id: 7, type: 'video', title: 'Onboarding' } as Content;
const report: ContentReport = {
  data: [
    {
      user: { id: 21, name: 'Ayşe', surname: 'Yılmaz', email: 'ayse@demo.test' },
      status: 'completed',
      progress: 100,
      time_spent_seconds: 3900,
      score: null,
      success: null,
      version: 1,
      started_at: '2026-11-20T09:00:00.000Z',
      completed_at: '2026-11-21T09:00:00.000Z',
      markers_answered: 3,
      markers_correct: 2,
    },
  ],
  meta: { page: 1, per_page: 20, total: 1 },
  summary: {
    enrolled: 4,
    started: 2,
    completed: 1,
    average_progress: 37.5,
    total_time_spent_seconds: 4500,
    markers: [{ id: 1, second: 75, question: 'Which door is the exit?', scored: true, answers: 4, correct: 3 }],
  },
};

describe('ContentReportPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the summary, the answers per marker and the learners with the address list state', async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockImplementation((async (url: string) =>
        url === 'api/admin/contents' ? { data: content } : report) as never);
    renderPage(<ContentReportPage />, {
      path: '/admin/content/detail/:id',
      at: '/admin/content/detail/7?status=completed&sort=-progress',
    });
    expect((await screen.findByTestId('summary-enrolled-value')).textContent).toBe('4');
    expect(screen.getByTestId('summary-average-value').textContent).toBe('38%');
    expect(screen.getByTestId('summary-time-value').textContent).toBe('1 h 15 min');
    expect(get).toHaveBeenCalledWith(
      'api/admin/contents/7/report',
      undefined,
      expect.objectContaining({ status: 'completed', sort: '-progress', page: 1 }),
    );
    const markers = screen.getByTestId('content-report-markers');
    expect(within(markers).getByText('Which door is the exit?').closest('tr')?.textContent).toBe(
      '1:15Which door is the exit?43 (75%)',
    );
    const row = screen.getByTestId('table-row');
    expect(within(row).getByTestId('progress-status').getAttribute('data-status')).toBe('completed');
    expect(within(row).getByTestId('report-progress').textContent).toBe('100%');
    expect(row.textContent).toContain('1 h 5 min');
    expect(row.textContent).toContain('3 / 2');
  });

  it('exports with the same search, filter and sort, without paging', () => {
    expect(reportExportPath(7, 'csv', { page: 2, per_page: 50, status: 'in_progress', search: 'ay' })).toBe(
      'api/admin/contents/7/report/export?format=csv&status=in_progress&search=ay',
    );
  });
});

import { type DataRequest, ROLE } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import * as download from '../../../lib/download.js';
import { DueBadge } from './DueBadge.js';
import { matchesName } from './EraseConfirm.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: DataPage } = await import('./DataPage.js');

const request = (overrides: Partial<DataRequest>): DataRequest => ({
  id: 1,
  kind: 'access',
  status: 'open',
  subject: { id: 7, name: 'Ayşe', surname: 'Yılmaz', email: 'ayse@example.test' },
  subject_label: '#7',
  received_at: '2026-11-01',
  due_at: '2026-12-01',
  days_left: 8,
  overdue: false,
  due_soon: false,
  handled_by: null,
  handled_at: null,
  note: null,
  created_at: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

function renderRequests(items: DataRequest[]) {
  vi.spyOn(http, 'get').mockResolvedValue({
    data: items,
    meta: { page: 1, per_page: 20, total: items.length },
  } as never);
  renderPage(<DataPage />, { path: '/admin/data' });
}

describe('data tools', { timeout: 30_000 }, () => {
  const matchMedia = window.matchMedia;
  beforeAll(() => {
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: true })) as typeof window.matchMedia;
    session.roles = [
      { id: 42, permissions: [{ name: 'read_companysetting' }] },
      { id: ROLE.user, permissions: [] },
    ];
  });
  afterAll(() => {
    window.matchMedia = matchMedia;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the deadline: red once overdue, orange within 7 days, the status once answered', () => {
    renderPage(
      <>
        <DueBadge request={request({ days_left: -3, overdue: true })} />
        <DueBadge request={request({ days_left: 5, due_soon: true })} />
        <DueBadge request={request({ days_left: 0, due_soon: true })} />
        <DueBadge request={request({ days_left: null, status: 'completed' })} />
      </>,
    );
    const badges = screen.getAllByTestId('request-due').map((node) => node.textContent);
    expect(badges).toEqual(['3 days overdue', '5 days left', 'Due today', 'Completed']);
    expect(screen.getAllByTestId('request-due')[0]!.getAttribute('data-overdue')).toBe('true');
  });

  it('accepts the typed name without regard to case or spaces, Turkish capitals included', () => {
    expect(matchesName('  ayşe   YILMAZ ', 'Ayşe Yılmaz')).toBe(true);
    expect(matchesName('İpek Işık', 'ipek ışık')).toBe(true);
    expect(matchesName('Ayşe', 'Ayşe Yılmaz')).toBe(false);
    expect(matchesName('', '')).toBe(false);
  });

  it('writes the company workbook in the background with a progress bar, saves it once done, and offers each request only its own actions', async () => {
    const items = [
      request({ id: 1 }),
      request({ id: 2, kind: 'erasure', subject: { id: 8, name: 'Can', surname: 'Demir', email: null } }),
      request({ id: 3, kind: 'erasure', status: 'completed', subject: null, subject_label: '#9', days_left: null }),
    ];
    const job = (state: string, progress: { done: number; total: number } | null, result: unknown = null) => ({
      data: {
        id: 41,
        name: 'export.data-workbook',
        state,
        progress,
        result,
        attempts: 1,
        created_at: '',
        finished_at: null,
      },
    });
    const file = { name: 'a'.repeat(32), file_name: 'company-data-2026-11-25.xlsx', size: 20480, mime: 'x' };
    const states = [job('running', { done: 120, total: 480 }), job('done', { done: 480, total: 480 }, { file })];
    vi.spyOn(http, 'get').mockImplementation((async (url: string) =>
      url === 'api/jobs'
        ? states.length > 1
          ? states.shift()
          : states[0]
        : { data: items, meta: { page: 1, per_page: 20, total: items.length } }) as never);
    const start = vi.spyOn(http, 'post').mockResolvedValue({ data: { job_id: 41 } } as never);
    const save = vi.spyOn(download, 'downloadFile').mockResolvedValue('company-data-2026-11-25.xlsx');
    renderPage(<DataPage />, { path: '/admin/data' });
    const rows = await screen.findAllByTestId('table-row');
    expect(rows.map((row) => within(row).getByTestId('request-subject').textContent)).toEqual([
      'Ayşe Yılmaz',
      'Can Demir',
      'Erased person (#9)',
    ]);
    expect(within(rows[0]!).queryByTestId('request-download')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('request-erase')).toBeNull();
    expect(within(rows[1]!).queryByTestId('request-erase')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('request-download')).toBeNull();
    expect(within(rows[2]!).queryByTestId('request-erase')).toBeNull();
    expect(within(rows[2]!).queryByTestId('request-delete')).toBeNull();

    fireEvent.click(screen.getByTestId('data-export'));
    await waitFor(() => expect(start).toHaveBeenCalledWith('api/admin/data/export'));
    const progress = await screen.findByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('data-export-progress').textContent).toContain('120 of 480 (25%)');
    await screen.findByTestId('export-ready', {}, { timeout: 3000 });
    expect(screen.getByTestId('export-ready').textContent).toContain('company-data-2026-11-25.xlsx · 20 KB');
    await waitFor(() => expect(save).toHaveBeenCalledWith('api/jobs/41/download', 'company-data.xlsx'));
    expect(save).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('export-download'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
  });

  it('erases only after the full name is typed, then refreshes the list', async () => {
    renderRequests([
      request({ id: 2, kind: 'erasure', subject: { id: 8, name: 'Can', surname: 'Demir', email: null } }),
    ]);
    const erase = vi.spyOn(http, 'post').mockResolvedValue({ data: request({ id: 2, status: 'completed' }) } as never);
    fireEvent.click(await screen.findByTestId('request-erase'));
    const accept = (await screen.findByTestId('erase-confirm-accept')) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('erase-confirm-name'), { target: { value: 'Can' } });
    expect(accept.disabled).toBe(true);
    fireEvent.click(accept);
    expect(erase).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('erase-confirm-name'), { target: { value: 'can demir' } });
    expect(accept.disabled).toBe(false);
    fireEvent.click(accept);
    await waitFor(() => expect(erase).toHaveBeenCalledWith('api/admin/data-requests/2/erase'));
    await waitFor(() => expect(screen.queryByTestId('erase-confirm-accept')).toBeNull());
  });

  it('shows the empty state with the way to record a request', async () => {
    renderRequests([]);
    expect((await screen.findByTestId('table-empty')).textContent).toContain(
      'There are no personal-data requests yet.',
    );
    expect(screen.getAllByTestId('request-add').length).toBeGreaterThan(0);
  });
});

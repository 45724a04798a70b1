import { type EducationReport, ROLE } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: EducationDetailPage } = await import('./EducationDetailPage.js');
const { reportExportPath } = await import('./api.js');

const education = { id: 9, title: 'Security awareness', visibility: 'assigned', parts_count: 3 } as const;
const report: EducationReport = {
  data: [
    {
      user: { id: 21, name: 'Ayşe', surname: 'Yılmaz', email: 'ayse@demo.test' },
      source: 'admin',
      status: 'in_progress',
      finished_rate: 66.7,
      completed_parts: 2,
      parts_count: 3,
      enrolled_at: '2026-11-20T09:00:00.000Z',
      started_at: '2026-11-20T10:00:00.000Z',
      last_activity_at: '2026-11-21T09:00:00.000Z',
      completed_at: null,
      due_at: null,
    },
  ],
  meta: { page: 1, per_page: 20, total: 1 },
  education,
  summary: { enrolled: 4, started: 2, completed: 1, average_rate: 41.5 },
};
const person = { id: 33, name: 'Can', surname: 'Demir', email: 'can@demo.test' };

const withPermissions = (...names: string[]) => [
  { id: 42, permissions: names.map((name) => ({ name })) },
  { id: ROLE.user, permissions: [] },
];

function answerGets() {
  return vi.spyOn(http, 'get').mockImplementation((async (url: string) => {
    // The report's own calls only: a holder of read_training alone may not read the catalogue.
    if (url === 'api/admin/educations/report-options') return { data: [{ id: 9, title: education.title }] };
    if (url === 'api/admin/educations/9/report') return report;
    if (url === 'api/admin/users') return { data: [person], meta: { page: 1, per_page: 20, total: 1 } };
    throw new Error(`unexpected GET ${url}`);
  }) as never);
}

const renderAt = (at: string) =>
  renderPage(
    [
      { path: '/admin/education/detail', element: <EducationDetailPage /> },
      { path: '/admin/education/catalog/edit/:id', element: <output /> },
    ],
    { at },
  );

describe('EducationDetailPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks which education to show when the address names none, and shows the one chosen', {
    timeout: 20_000,
  }, async () => {
    session.roles = withPermissions('read_training');
    answerGets();
    const { router } = renderAt('/admin/education/detail');
    expect(await screen.findByTestId('education-report-choose')).toBeTruthy();
    const chooser = screen.getByTestId('education-chooser');
    fireEvent.click(chooser);
    fireEvent.click(await screen.findByRole('option', { name: 'Security awareness', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=9'));
    expect((await screen.findByTestId('summary-enrolled-value')).textContent).toBe('4');
  });

  it("shows the summary and each learner's progress, keeping the education in the address as the table changes", {
    timeout: 20_000,
  }, async () => {
    session.roles = withPermissions('read_training');
    const get = answerGets();
    const { router } = renderAt('/admin/education/detail?id=9&status=in_progress&sort=-finished_rate');
    expect((await screen.findByTestId('summary-average-value')).textContent).toBe('42%');
    expect(screen.getByTestId('summary-completed-value').textContent).toBe('1');
    expect(get).toHaveBeenCalledWith(
      'api/admin/educations/9/report',
      undefined,
      expect.objectContaining({ status: 'in_progress', sort: '-finished_rate', page: 1 }),
    );
    // The education's id is the page's, never the list's query.
    expect(get.mock.calls.find(([url]) => url === 'api/admin/educations/9/report')?.[2]).not.toHaveProperty('id');
    const row = await screen.findByTestId('table-row', {}, { timeout: 5000 });
    expect(within(row).getByTestId('report-rate').textContent).toBe('67%');
    expect(row.textContent).toContain('2 / 3');
    expect(row.textContent).toContain('By an administrator');
    expect((await screen.findByTestId('education-heading')).textContent).toContain('3 parts');
    // Read only: no enrolling, no edit link.
    expect(screen.queryByTestId('enrol-open')).toBeNull();
    expect(screen.queryByTestId('education-edit-link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Completion/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=finished_rate'));
    expect(router.state.location.search).toContain('id=9');
    expect(router.state.location.search).toContain('status=in_progress');
  });

  it('enrols the chosen people and refreshes the report', { timeout: 20_000 }, async () => {
    session.roles = withPermissions('read_training', 'create_training', 'show_user');
    const get = answerGets();
    const post = vi.spyOn(http, 'post').mockResolvedValue({
      data: { added: 1, already: 0 },
      message: '1 person enrolled.',
    } as never);
    renderAt('/admin/education/detail?id=9');
    fireEvent.click(await screen.findByTestId('enrol-open'));
    fireEvent.click(await screen.findByTestId('enrol-submit'));
    expect(await within(screen.getByTestId('enrol-form')).findByText('This field is required.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    const picker = screen.getByTestId('enrol-users');
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'Can' } });
    fireEvent.click(await screen.findByRole('option', { name: /Can Demir/, hidden: true }));
    const reportCalls = () => get.mock.calls.filter(([url]) => url === 'api/admin/educations/9/report').length;
    const before = reportCalls();
    fireEvent.click(screen.getByTestId('enrol-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/educations/9/enrolments', { user_ids: [33], due_at: null }),
    );
    expect(await screen.findByText('1 person enrolled.')).toBeTruthy();
    await waitFor(() => expect(reportCalls()).toBeGreaterThan(before));
  });

  it('exports with the same search, filter and sort, without paging', () => {
    expect(reportExportPath(9, 'xlsx', { page: 3, per_page: 50, status: 'completed', search: 'ay' })).toBe(
      'api/admin/educations/9/report/export?format=xlsx&status=completed&search=ay',
    );
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { assignee, assigneeList, published } from '../fixtures.js';
import { PeopleSection } from './PeopleSection.js';

const ayse = assignee();
const mehmet = assignee({
  user: { id: 4, name: 'Mehmet', surname: 'Kaya', email: 'mehmet@demo.test' },
  status: 'completed',
  progress: 100,
  completed_at: '2026-11-05T10:00:00.000Z',
});

function serve(rows = [ayse, mehmet]) {
  return vi.spyOn(http, 'get').mockImplementation((async (url: string, id?: number) => {
    if (url === 'api/admin/assignments/7/people') return assigneeList(rows);
    if (url === 'api/jobs') return { data: { id, state: 'running', progress: { done: 0, total: 2 } } };
    throw new Error(`unexpected GET ${url}`);
  }) as never);
}

const rowOf = (name: string) => screen.getAllByTestId('table-row').find((row) => row.textContent?.includes(name))!;

function renderSection(at = '/admin/assignment/7/edit?tab=people') {
  return renderPage(<PeopleSection assignment={published()} />, { path: '/admin/assignment/:id/edit', at });
}

describe('PeopleSection', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the completion rate, each person’s status and progress, filtered by status', {
    timeout: 20_000,
  }, async () => {
    const get = serve();
    renderSection('/admin/assignment/7/edit?tab=people&status=in_progress&search=ay');
    await screen.findByText('Ayşe Yılmaz');
    expect(get).toHaveBeenCalledWith(
      'api/admin/assignments/7/people',
      undefined,
      expect.objectContaining({ status: 'in_progress', search: 'ay' }),
    );
    expect(screen.getByTestId('assignment-completion-rate').textContent).toBe('25%');
    expect(screen.getByTestId('assignment-count-people').textContent).toBe('4');
    expect(within(rowOf('Ayşe Yılmaz')).getByTestId('assignment-status').textContent).toBe('In progress');
    expect(rowOf('Ayşe Yılmaz').textContent).toContain('50%');
    // Who has completed needs no reminder.
    expect(within(rowOf('Mehmet Kaya')).queryByTestId('assignee-remind')).toBeNull();
  });

  it('sends a reminder to one person', { timeout: 20_000 }, async () => {
    serve();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ message: 'Reminded.' } as never);
    renderSection();
    await screen.findByText('Ayşe Yılmaz');
    fireEvent.click(within(rowOf('Ayşe Yılmaz')).getByTestId('assignee-remind'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/admin/assignments/7/people/3/remind'));
  });

  it('asks before removing a person, and only then removes them', { timeout: 20_000 }, async () => {
    serve();
    const remove = vi.spyOn(http, 'delete').mockResolvedValue({ message: 'Removed.' } as never);
    renderSection();
    await screen.findByText('Ayşe Yılmaz');
    fireEvent.click(within(rowOf('Ayşe Yılmaz')).getByTestId('assignee-cancel'));
    expect(await screen.findByText(/Their progress in the items stays/)).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('api/admin/assignments/7/people', 3));
  });

  it('exports the people as xlsx through a job', { timeout: 20_000 }, async () => {
    serve();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ job_id: 12 } as never);
    renderSection('/admin/assignment/7/edit?tab=people&status=overdue');
    await screen.findByText('Ayşe Yılmaz');
    fireEvent.click(screen.getByTestId('assignment-people-export'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/assignments/7/people/export?sort=name&status=overdue', {
        format: 'xlsx',
      }),
    );
    expect(await screen.findByTestId('job-progress')).toBeTruthy();
  });

  it('says so when nobody matches', { timeout: 20_000 }, async () => {
    serve([]);
    renderSection();
    expect((await screen.findByTestId('table-empty')).textContent).toContain('Nobody matches.');
  });
});

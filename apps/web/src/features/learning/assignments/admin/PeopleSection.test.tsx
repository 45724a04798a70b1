import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { assignee, assigneeList, published } from '../fixtures.js';
import { PeopleSection } from './PeopleSection.js';

const ayse = assignee();
const mehmet = assignee({
  user: { id: 4, name: 'Mehmet', surname: 'Kaya', email: 'mehmet@demo.test' },
  status: 'completed',
  progress: 100,
  completed_at: '2026-11-05T10:00:00.000Z',
});

const zeynep = { id: 9, name: 'Zeynep', surname: 'Arslan', email: 'zeynep@demo.test' };

async function pickZeynep() {
  const picker = screen.getByTestId('assignment-people-add-picker');
  fireEvent.focus(picker);
  fireEvent.click(picker);
  // The dropdown is still in its opening transition in jsdom, so its options count as hidden.
  fireEvent.click(await screen.findByRole('option', { name: 'Zeynep Arslan · zeynep@demo.test', hidden: true }));
}

function serve(rows = [ayse, mehmet]) {
  return vi.spyOn(http, 'get').mockImplementation((async (url: string, id?: number) => {
    if (url === 'api/admin/assignments/7/people') return assigneeList(rows);
    if (url === 'api/jobs') return { data: { id, state: 'running', progress: { done: 0, total: 2 } } };
    if (url === 'api/admin/users') return { data: [zeynep], meta: { page: 1, per_page: 20, total: 1 } };
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

  it('adds people with the user picker, and refreshes the list', { timeout: 20_000 }, async () => {
    const get = serve();
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ data: { user_ids: [9] }, message: 'The assignment was given to 1 person.' } as never);
    renderSection();
    await screen.findByText('Ayşe Yılmaz');
    fireEvent.click(screen.getByTestId('assignment-people-add'));
    // Nobody chosen: nothing is sent.
    fireEvent.click(await screen.findByTestId('assignment-people-add-confirm'));
    expect(await screen.findByText('Choose at least one person.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    await pickZeynep();
    const calls = get.mock.calls.length;
    fireEvent.click(screen.getByTestId('assignment-people-add-confirm'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/admin/assignments/7/people', { user_ids: [9] }));
    expect(await screen.findByText('The assignment was given to 1 person.')).toBeTruthy();
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(calls));
  });

  it('shows why the server refused someone under the picker', { timeout: 20_000 }, async () => {
    serve();
    const message = 'One of the people chosen already has this assignment.';
    vi.spyOn(http, 'post').mockRejectedValue(new ApiError(422, { message, errors: { user_ids: [message] } }, message));
    renderSection();
    await screen.findByText('Ayşe Yılmaz');
    fireEvent.click(screen.getByTestId('assignment-people-add'));
    await screen.findByTestId('assignment-people-add-picker');
    await pickZeynep();
    fireEvent.click(screen.getByTestId('assignment-people-add-confirm'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByTestId('assignment-people-add-modal')).toBeTruthy();
  });

  it('exports the people as xlsx through a job', { timeout: 20_000 }, async () => {
    serve();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { job_id: 12 } } as never);
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

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { assignment, published } from '../fixtures.js';

const { default: AssignmentFormPage } = await import('./AssignmentFormPage.js');
const { default: ContentAssignmentPage } = await import('./ContentAssignmentPage.js');

const education = { id: 11, title: 'Information security', image_url: null };
const content = { id: 31, title: 'KVKK in five minutes', cover_url: null };

function answerGets(stored: ReturnType<typeof assignment> | null = null) {
  return vi.spyOn(http, 'get').mockImplementation((async (url: string, id?: number) => {
    if (url === 'api/admin/assignments' && id !== undefined && stored) return { data: stored };
    if (url === 'api/admin/educations' && id === 11) return { data: education };
    if (url === 'api/admin/contents' && id === 31) return { data: content };
    if (url === 'api/admin/educations') return { data: [education], meta: { page: 1, per_page: 20, total: 1 } };
    if (url === 'api/admin/users') return { data: [], meta: { page: 1, per_page: 20, total: 0 } };
    if (url === 'api/admin/user-groups') return { data: [], meta: { page: 1, per_page: 20, total: 0 } };
    if (url === 'api/jobs') return { data: { id, state: 'running', progress: { done: 1, total: 4 } } };
    throw new Error(`unexpected GET ${url}`);
  }) as never);
}

function renderAt(at: string) {
  return renderPage(
    [
      { path: '/admin/assignment/add/:id?', element: <AssignmentFormPage /> },
      { path: '/admin/assignment/:id/edit', element: <AssignmentFormPage /> },
      { path: '/admin/content/:id/assignment', element: <ContentAssignmentPage /> },
      { path: '*', element: <output data-testid="elsewhere" /> },
    ],
    { at },
  );
}

const itemRows = () => screen.queryAllByTestId('assignment-item-row').map((row) => row.textContent);

describe('AssignmentFormPage', () => {
  beforeAll(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('starts with the education the address names (a bare id is an education’s)', { timeout: 20_000 }, async () => {
    answerGets();
    renderAt('/admin/assignment/add/11');
    await waitFor(() => expect(itemRows()).toEqual([expect.stringContaining('Information security')]));
    expect(itemRows()[0]).toContain('Training');
  });

  it('starts the content’s assignment page with that content', { timeout: 20_000 }, async () => {
    answerGets();
    renderAt('/admin/content/31/assignment');
    await waitFor(() => expect(itemRows()).toEqual([expect.stringContaining('KVKK in five minutes')]));
    expect(itemRows()[0]).toContain('Content');
  });

  it('checks the values before sending anything', { timeout: 20_000 }, async () => {
    answerGets();
    const post = vi.spyOn(http, 'post');
    renderAt('/admin/assignment/add');
    fireEvent.click(await screen.findByTestId('assignment-publish'));
    expect(await screen.findByTestId('assignment-items-error')).toBeTruthy();
    const name = screen.getByTestId('assignment-name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // Nothing is asked and nothing is sent while the values are wrong.
    expect(screen.queryByTestId('assignment-publish-count')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('asks before publishing, saying how many people it assigns, then follows the job', {
    timeout: 20_000,
  }, async () => {
    const draft = assignment();
    answerGets(draft);
    const update = vi.spyOn(http, 'update').mockResolvedValue({ data: draft } as never);
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ data: { job_id: 5, assignment: published() }, message: 'Publishing.' } as never);
    const { router } = renderAt('/admin/assignment/7/edit');
    fireEvent.click(await screen.findByTestId('assignment-publish'));
    const count = await screen.findByTestId('assignment-publish-count');
    expect(count.textContent).toBe('This assigns 1 person. They get a mail and a notification.');
    expect(update).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('assignment-publish-yes'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/admin/assignments/7/publish'));
    expect(update).toHaveBeenCalledWith(
      'api/admin/assignments',
      7,
      expect.objectContaining({
        name: 'Information security 2026',
        items: [{ type: 'education', ref_id: 11 }],
        target: { kind: 'users', user_ids: [3], group_ids: [], company_ids: [] },
        reminders: { days_before: [7, 1], on_overdue: true },
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?job=5'));
  });

  it('locks the items and the target’s kind once published, and says why', { timeout: 20_000 }, async () => {
    answerGets(published());
    const update = vi.spyOn(http, 'update').mockResolvedValue({ data: published() } as never);
    renderAt('/admin/assignment/7/edit');
    const locked = await screen.findByTestId('assignment-items-locked');
    expect(locked.textContent).toContain('people have already started them');
    expect(screen.queryByTestId('assignment-item-remove')).toBeNull();
    expect(screen.queryByTestId('assignment-item-search')).toBeNull();
    expect(screen.getByTestId('assignment-target-locked').textContent).toContain('cannot change after publishing');
    const kinds = within(screen.getByTestId('assignment-target-kind'));
    expect((kinds.getByLabelText('Whole company') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('assignment-publish')).toBeNull();
    expect(screen.getByTestId('assignment-tab-people').hasAttribute('data-disabled')).toBe(false);
    // Dates and texts still change.
    fireEvent.change(screen.getByTestId('assignment-name'), { target: { value: 'Information security, renewed' } });
    fireEvent.click(screen.getByTestId('assignment-save'));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[2]).toMatchObject({ name: 'Information security, renewed' });
  });

  it('shows the server’s field errors where they belong', { timeout: 20_000 }, async () => {
    answerGets(published());
    vi.spyOn(http, 'update').mockRejectedValue(
      new ApiError(
        422,
        { message: 'Invalid', errors: { end_date: ['The end date cannot be before the start date.'] } },
        'Invalid',
      ),
    );
    renderAt('/admin/assignment/7/edit');
    fireEvent.click(await screen.findByTestId('assignment-save'));
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeTruthy();
  });

  it('asks before cancelling a published assignment', { timeout: 20_000 }, async () => {
    answerGets(published());
    const post = vi.spyOn(http, 'post').mockResolvedValue({ message: 'Cancelled.' } as never);
    renderAt('/admin/assignment/7/edit');
    fireEvent.click(await screen.findByTestId('assignment-cancel'));
    expect(await screen.findByText(/nobody is reminded of it any more/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/admin/assignments/7/cancel'));
  });
});

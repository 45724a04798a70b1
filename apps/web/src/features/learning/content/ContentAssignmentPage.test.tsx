import type { AdminUser, Content, Enrolment } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';
import ContentAssignmentPage from './ContentAssignmentPage.js';

const content = { id: 7, type: 'video', title: 'Onboarding' } as Content;
const ayse = { id: 21, name: 'Ayşe', surname: 'Yılmaz', email: 'ayse@demo.test' } as AdminUser;
const enrolment: Enrolment = {
  id: 301,
  user: { id: 22, name: 'Can', surname: 'Demir', email: 'can@demo.test' },
  group: null,
  due_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
};

function answerGets(enrolled: Enrolment[]) {
  return vi.spyOn(http, 'get').mockImplementation((async (url: string, id?: number) => {
    if (url === 'api/admin/contents' && id === 7) return { data: content };
    if (url === 'api/admin/contents/7/enrolments') {
      return { data: enrolled, meta: { page: 1, per_page: 20, total: enrolled.length } };
    }
    if (url === 'api/admin/users') return { data: [ayse], meta: { page: 1, per_page: 20, total: 1 } };
    if (url === 'api/admin/user-groups') return { data: [], meta: { page: 1, per_page: 20, total: 0 } };
    throw new Error(`unexpected GET ${url}`);
  }) as never);
}

function renderAssignment() {
  renderPage(<ContentAssignmentPage />, { path: '/admin/content/:id/assignment', at: '/admin/content/7/assignment' });
}

describe('ContentAssignmentPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses an empty choice before sending, on the people field', { timeout: 20_000 }, async () => {
    answerGets([]);
    const post = vi.spyOn(http, 'post');
    renderAssignment();
    expect((await screen.findByTestId('content-heading')).textContent).toBe('Onboarding');
    expect(await screen.findByText('Nobody is enrolled yet.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('assignment-submit'));
    expect(await screen.findByText('Choose at least one person or group.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('enrols the chosen people, says how many were added, and lists them', { timeout: 20_000 }, async () => {
    const get = answerGets([]);
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ data: { added: 1, already: 0 }, message: '1 enrolled, 0 were already enrolled.' } as never);
    renderAssignment();
    const picker = await screen.findByTestId('assignment-users');
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'Ayş' } });
    // The dropdown is still in its opening transition in jsdom, so its options count as hidden.
    fireEvent.click(await screen.findByRole('option', { name: /Ayşe Yılmaz/, hidden: true }));
    get.mockImplementation((async (url: string, id?: number) => {
      if (url === 'api/admin/contents/7/enrolments')
        return { data: [enrolment], meta: { page: 1, per_page: 20, total: 1 } };
      if (url === 'api/admin/contents' && id === 7) return { data: content };
      return { data: [], meta: { page: 1, per_page: 20, total: 0 } };
    }) as never);
    fireEvent.click(screen.getByTestId('assignment-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/contents/7/enrolments', {
        user_ids: [21],
        group_ids: [],
        due_at: null,
      }),
    );
    expect((await screen.findByTestId('assignment-result')).textContent).toContain(
      '1 enrolled, 0 were already enrolled.',
    );
    expect(await screen.findByText('Can Demir')).toBeTruthy();
  });

  it('removes an enrolment only after confirming', { timeout: 20_000 }, async () => {
    answerGets([enrolment]);
    const remove = vi.spyOn(http, 'delete').mockResolvedValue({ message: 'The enrolment has been removed.' } as never);
    renderAssignment();
    const row = (await screen.findByText('Can Demir')).closest('tr')!;
    fireEvent.click(within(row).getByTestId('enrolment-remove'));
    fireEvent.click(await screen.findByTestId('confirm-cancel'));
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(row).getByTestId('enrolment-remove'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('api/admin/contents/7/enrolments', 301));
  });

  it('shows a refused removal as the server words it', { timeout: 20_000 }, async () => {
    answerGets([enrolment]);
    vi.spyOn(http, 'delete').mockRejectedValue(new ApiError(404, null, 'Not found.'));
    renderAssignment();
    const row = (await screen.findByText('Can Demir')).closest('tr')!;
    fireEvent.click(within(row).getByTestId('enrolment-remove'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    expect(await screen.findByText('Not found.')).toBeTruthy();
  });
});

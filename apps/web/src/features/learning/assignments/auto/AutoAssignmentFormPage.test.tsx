import type { AutoAssignment } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';

const { default: AutoAssignmentFormPage } = await import('./AutoAssignmentFormPage.js');

const OPTIONS = {
  departments: ['Finans', 'Satış'],
  titles: ['Uzman'],
  locations: ['İstanbul'],
  groups: [{ id: 2, name: 'Mentorlar' }],
  fields: [{ key: 'cost_center', label: 'Cost centre' }],
};
const rule: AutoAssignment = {
  id: 4,
  name: 'Satış oryantasyonu',
  status: 1,
  conditions: {
    group_ids: [],
    departments: ['Satış'],
    titles: [],
    locations: [],
    hired_within_days: null,
    custom_fields: [],
    new_users: false,
  },
  items: [{ type: 'education', ref_id: 3, title: 'Satışa giriş', image_url: null, available: true }],
  mandatory: true,
  due_days: 14,
  assignment_id: 21,
  activated_at: '2026-03-01T09:00:00.000Z',
  matched: 5,
  completed: 1,
  last_matched_at: null,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};
const person = {
  id: 31,
  name: 'Ayşe',
  surname: 'Yılmaz',
  email: 'ayse@demo.test',
  department: 'Satış',
  title: 'Uzman',
  location: 'İstanbul',
  hire_date: '2021-04-01',
  status: 1 as const,
};

function serveGets() {
  vi.spyOn(http, 'get').mockImplementation(((url: string, id?: number | string) => {
    if (url === 'api/admin/auto-assignments/condition-options') return Promise.resolve({ data: OPTIONS });
    if (url === 'api/admin/auto-assignments' && id !== undefined) return Promise.resolve({ data: rule });
    if (url === 'api/admin/educations')
      return Promise.resolve({ data: [{ id: 3, title: 'Satışa giriş' }], meta: { page: 1, per_page: 20, total: 1 } });
    return Promise.reject(new Error(`unexpected GET ${url}`));
  }) as never);
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  renderPage(
    [
      { path: '/admin/auto-assignments/add', element: <AutoAssignmentFormPage /> },
      { path: '/admin/auto-assignments/:id/edit', element: <AutoAssignmentFormPage /> },
      { path: '*', element: <Where /> },
    ],
    { at: path },
  );
}

/** The visible input of a labelled field (a tags input's hidden input and a select's list carry the label too). */
const inputLabelled = (label: string) =>
  screen
    .getAllByLabelText(label)
    .find((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type !== 'hidden')!;

const addTag = (label: string, value: string) => {
  const input = inputLabelled(label);
  input.focus();
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

async function pickEducation() {
  const search = inputLabelled('Add a training');
  search.focus();
  fireEvent.change(search, { target: { value: 'Sat' } });
  fireEvent.click(await screen.findByText('Satışa giriş', {}, { timeout: 3000 }));
}

describe('AutoAssignmentFormPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses a rule without conditions or items, previews who matches, and saves and assigns after asking', async () => {
    serveGets();
    const post = vi.spyOn(http, 'post').mockImplementation(((url: string, body: unknown) => {
      if (url === 'api/admin/auto-assignments/preview') {
        const { conditions } = body as { conditions: { departments: string[] } };
        return Promise.resolve({ data: { count: conditions.departments.length * 171, people: [person] } });
      }
      if (url === 'api/admin/auto-assignments/9/apply')
        return Promise.resolve({ data: { job_id: null, assigned: 171 }, message: 'People assigned: 171.' });
      return Promise.resolve({ data: { ...rule, id: 9, matched: 0 } });
    }) as never);
    renderAt('/admin/auto-assignments/add');

    fireEvent.change(await screen.findByLabelText(/Rule name/), { target: { value: 'Satış oryantasyonu' } });
    fireEvent.click(screen.getByLabelText('New users only'));
    expect(await screen.findByTestId('auto-preview-idle')).toBeTruthy();
    fireEvent.click(screen.getByTestId('auto-form-save'));
    expect((await screen.findByTestId('auto-conditions-error')).textContent).toContain('Set at least one condition');
    expect((await screen.findByTestId('auto-items-error')).textContent).toContain('Choose at least one');
    expect(post).not.toHaveBeenCalledWith('api/admin/auto-assignments', expect.anything());

    addTag('Department', 'Satış');
    await waitFor(() => expect(screen.getByTestId('auto-preview-count').getAttribute('data-count')).toBe('171'), {
      timeout: 3000,
    });
    expect(screen.getByTestId('auto-preview').textContent).toContain('Ayşe Yılmaz');
    await pickEducation();
    expect(within(screen.getByTestId('auto-items')).getByText('Satışa giriş')).toBeTruthy();

    // Declining the question saves nothing and keeps the form.
    fireEvent.click(screen.getByTestId('auto-form-save'));
    expect((await screen.findByTestId('auto-confirm-text')).textContent).toContain('This will assign 171 people now');
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('auto-confirm-text')).toBeNull());
    expect(post).not.toHaveBeenCalledWith('api/admin/auto-assignments', expect.anything());

    fireEvent.click(screen.getByTestId('auto-form-save'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(post.mock.calls.map((c) => c[0])).toContain('api/admin/auto-assignments/9/apply'), {
      timeout: 5000,
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/auto-assignments'));
    expect(post).toHaveBeenCalledWith('api/admin/auto-assignments', {
      name: 'Satış oryantasyonu',
      status: 1,
      mandatory: true,
      due_days: 14,
      conditions: {
        group_ids: [],
        departments: ['Satış'],
        titles: [],
        locations: [],
        hired_within_days: null,
        custom_fields: [],
        new_users: false,
      },
      items: [{ type: 'education', ref_id: 3 }],
    });
    expect(post).toHaveBeenCalledWith('api/admin/auto-assignments/9/apply');
  }, 30_000);

  it('follows a large backfill as a job on the edit page', async () => {
    serveGets();
    vi.spyOn(http, 'post').mockImplementation(((url: string) => {
      if (url === 'api/admin/auto-assignments/preview') return Promise.resolve({ data: { count: 0, people: [] } });
      return Promise.reject(new Error(`unexpected POST ${url}`));
    }) as never);
    renderAt('/admin/auto-assignments/4/edit?job=77');
    expect(await screen.findByTestId('auto-backfill')).toBeTruthy();
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('api/jobs', 77));
  });

  it('edits a rule with its values filled in; once people have it, the items are locked and saving sends no items', async () => {
    serveGets();
    const update = vi.spyOn(http, 'update').mockResolvedValue({ data: rule } as never);
    vi.spyOn(http, 'post').mockImplementation(((url: string) => {
      if (url === 'api/admin/auto-assignments/preview') return Promise.resolve({ data: { count: 0, people: [] } });
      return Promise.reject(new Error(`unexpected POST ${url}`));
    }) as never);
    renderAt('/admin/auto-assignments/4/edit');
    expect(await screen.findByDisplayValue('Satış oryantasyonu')).toBeTruthy();
    expect(within(screen.getByTestId('auto-conditions')).getByText('Satış')).toBeTruthy();
    expect(screen.getByTestId('auto-items-locked')).toBeTruthy();
    expect(screen.queryByTestId('auto-item-remove')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('auto-preview-count').getAttribute('data-count')).toBe('0'), {
      timeout: 3000,
    });
    fireEvent.change(screen.getByLabelText(/Rule name/), { target: { value: 'Satış ekibine hoş geldin' } });
    fireEvent.click(screen.getByTestId('auto-form-save'));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const body = update.mock.calls[0]?.[2] as Record<string, unknown>;
    expect(body.name).toBe('Satış ekibine hoş geldin');
    expect(body).not.toHaveProperty('items');
  });

  it("puts the server's field errors on their fields and stays on the form", async () => {
    serveGets();
    vi.spyOn(http, 'post').mockImplementation(((url: string) => {
      if (url === 'api/admin/auto-assignments/preview') return Promise.resolve({ data: { count: 2, people: [] } });
      return Promise.reject(
        new ApiError(422, { message: 'Invalid', errors: { name: ['This name is taken.'] } }, 'Invalid'),
      );
    }) as never);
    renderAt('/admin/auto-assignments/add');
    fireEvent.change(await screen.findByLabelText(/Rule name/), { target: { value: 'Aynı ad' } });
    addTag('Department', 'Satış');
    await pickEducation();
    fireEvent.click(screen.getByTestId('auto-form-save'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    expect(await screen.findByText('This name is taken.')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  }, 30_000);
});

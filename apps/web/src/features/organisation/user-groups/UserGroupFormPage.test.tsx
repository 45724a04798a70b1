import type { UserGroup } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';

const { default: UserGroupFormPage } = await import('./UserGroupFormPage.js');

const OPTIONS = { departments: ['Finans', 'Satış'], titles: ['Uzman'], locations: ['İstanbul'] };
const ruleGroup: UserGroup = {
  id: 7,
  name: 'İstanbul ofisi',
  description: null,
  kind: 'rule',
  rules: { departments: [], titles: [], locations: ['İstanbul'], hired_from: null, hired_to: null },
  status: 1,
  members_count: 2,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};
const staticGroup: UserGroup = {
  ...ruleGroup,
  id: 8,
  name: 'Mentorlar',
  kind: 'static',
  rules: null,
  members_count: 1,
};
const candidate = { id: 40, name: 'Can', surname: 'Demir', email: 'can@demo.test' };
const member = {
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

/** Answers the GETs the page makes: the group, its members, rule options and the user search. */
function serveGets() {
  vi.spyOn(http, 'get').mockImplementation(((url: string, id?: number | string) => {
    if (url === 'api/admin/user-groups/rule-options') return Promise.resolve({ data: OPTIONS });
    if (url === 'api/admin/user-groups' && id !== undefined)
      return Promise.resolve({ data: Number(id) === 8 ? staticGroup : ruleGroup });
    if (/^api\/admin\/user-groups\/\d+\/members$/.test(url))
      return Promise.resolve({ data: [member], meta: { page: 1, per_page: 20, total: 1 } });
    if (url === 'api/admin/users')
      return Promise.resolve({ data: [candidate], meta: { page: 1, per_page: 20, total: 1 } });
    return Promise.reject(new Error(`unexpected GET ${url}`));
  }) as never);
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  renderPage(
    [
      { path: '/admin/user/group/add', element: <UserGroupFormPage /> },
      { path: '/admin/user/group/edit/:id', element: <UserGroupFormPage /> },
      { path: '*', element: <Where /> },
    ],
    { at: path },
  );
}

const addRule = (label: string, value: string) => {
  // The visible input: the tags' hidden form input carries the same label.
  const input = screen
    .getAllByLabelText(label)
    .find((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type !== 'hidden')!;
  // Mantine takes a change as typed only while the input has the focus (not autofill).
  input.focus();
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('UserGroupFormPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses a rule group without rules before sending, then previews the rules and creates it', async () => {
    serveGets();
    const post = vi.spyOn(http, 'post').mockImplementation(((url: string, body: unknown) => {
      if (url === 'api/admin/user-groups/preview') {
        const rules = body as { departments: string[] };
        return Promise.resolve({ data: { count: rules.departments.length * 12, members: [member] } });
      }
      return Promise.resolve({ data: { ...ruleGroup, id: 9, name: 'Satış ekibi' } });
    }) as never);
    renderAt('/admin/user/group/add');

    fireEvent.change(await screen.findByLabelText(/Group name/), { target: { value: 'Satış ekibi' } });
    fireEvent.click(screen.getByLabelText('Rule-based'));
    expect(await screen.findByTestId('group-preview-idle')).toBeTruthy();
    fireEvent.click(screen.getByTestId('group-form-save'));
    expect((await screen.findByTestId('group-rules-error')).textContent).toBe(
      'Enter at least one rule for a rule group.',
    );
    expect(post).not.toHaveBeenCalledWith('api/admin/user-groups', expect.anything());

    // The preview follows the rules as they change.
    addRule('Departments', 'Satış');
    await waitFor(() => expect(screen.getByTestId('group-preview-count').getAttribute('data-count')).toBe('12'), {
      timeout: 3000,
    });
    expect(screen.getByTestId('group-preview').textContent).toContain('Ayşe Yılmaz');
    addRule('Departments', 'Finans');
    await waitFor(() => expect(screen.getByTestId('group-preview-count').getAttribute('data-count')).toBe('24'), {
      timeout: 3000,
    });
    expect(post).toHaveBeenCalledWith(
      'api/admin/user-groups/preview',
      expect.objectContaining({ departments: ['Satış', 'Finans'], hired_from: null }),
    );

    fireEvent.click(screen.getByTestId('group-form-save'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/user/group'));
    expect(post).toHaveBeenCalledWith('api/admin/user-groups', {
      name: 'Satış ekibi',
      description: null,
      kind: 'rule',
      status: 1,
      member_ids: [],
      rules: { departments: ['Satış', 'Finans'], titles: [], locations: [], hired_from: null, hired_to: null },
    });
  }, 20_000);

  it("puts the server's field errors on their fields and stays on the form", async () => {
    serveGets();
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError(
        422,
        { message: 'The given data was invalid.', errors: { name: ['A group with this name already exists.'] } },
        'The given data was invalid.',
      ),
    );
    renderAt('/admin/user/group/add');
    const name = await screen.findByLabelText(/Group name/);
    fireEvent.change(name, { target: { value: 'İnsan Kaynakları' } });
    fireEvent.click(screen.getByTestId('group-form-save'));
    expect(await screen.findByText('A group with this name already exists.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('edits a rule group with its rules filled in, and lists its members without changing them by hand', async () => {
    serveGets();
    vi.spyOn(http, 'post').mockResolvedValue({ data: { count: 2, members: [member] } } as never);
    renderAt('/admin/user/group/edit/7');
    expect(await screen.findByDisplayValue('İstanbul ofisi')).toBeTruthy();
    const rules = screen.getByTestId('group-rules');
    expect(within(rules).getByText('İstanbul')).toBeTruthy();
    const members = await screen.findByTestId('group-members');
    await within(members).findByText('Ayşe Yılmaz');
    expect(within(members).getByTestId('group-members-rule-note')).toBeTruthy();
    expect(within(members).queryByTestId('group-member-remove')).toBeNull();
    expect(http.get).toHaveBeenCalledWith(
      'api/admin/user-groups/7/members',
      undefined,
      expect.objectContaining({ page: 1, sort: 'name' }),
    );
  });

  it("adds people to a static group's list and takes one out after asking", async () => {
    serveGets();
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ message: 'People added to the group: 1', affected: 1, members_count: 2 } as never);
    renderAt('/admin/user/group/edit/8');
    const members = await screen.findByTestId('group-members');
    await within(members).findByText('Ayşe Yılmaz');
    expect(within(members).queryByTestId('group-members-rule-note')).toBeNull();

    const picker = within(members).getByLabelText('Add to group');
    picker.focus();
    fireEvent.change(picker, { target: { value: 'can' } });
    fireEvent.click(await screen.findByText('Can Demir · can@demo.test', {}, { timeout: 3000 }));
    fireEvent.click(within(members).getByTestId('group-members-add'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/user-groups/8/members', { user_ids: [candidate.id] }),
    );

    fireEvent.click(within(members).getByTestId('group-member-remove'));
    expect(post).not.toHaveBeenCalledWith('api/admin/user-groups/8/members/remove', expect.anything());
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/user-groups/8/members/remove', { user_ids: [member.id] }),
    );
  }, 20_000);
});

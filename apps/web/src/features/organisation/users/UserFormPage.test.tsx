import { type AdminUser, type LabelledCustomField, ROLE } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions?: { name: string }[] }[] }));
vi.mock('../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: UserFormPage } = await import('./UserFormPage.js');
const { default: UserDetailPage } = await import('./UserDetailPage.js');

const FIELDS: LabelledCustomField[] = [
  { key: 'cost_center', label: 'Masraf merkezi' },
  { key: 'shift', label: 'Vardiya' },
];
const person: AdminUser = {
  id: 7,
  name: 'Ayşe',
  surname: 'Yılmaz',
  email: 'ayse@example.test',
  username: null,
  phone: null,
  registration_number: null,
  national_id: null,
  language: 'tr',
  status: 1,
  roles: [{ id: ROLE.user, name: 'user' }],
  department: null,
  title: null,
  manager: null,
  location: null,
  hire_date: null,
  custom_fields: { cost_center: 'MM-100', shift: 'Gece', legacy_badge: 'B-12' },
  last_login_at: null,
  created_at: '2026-01-05T09:00:00.000Z',
};

function mockApi(fields: LabelledCustomField[]) {
  vi.spyOn(http, 'get').mockImplementation(((url: string, id?: unknown) => {
    if (url === 'api/admin/users/custom-fields') return Promise.resolve({ data: fields });
    if (url === 'api/admin/users' && id !== undefined) return Promise.resolve({ data: person });
    return Promise.resolve({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
  }) as never);
  return vi
    .spyOn(http, 'update')
    .mockImplementation(((_url: string, _id: unknown, body: Partial<AdminUser>) =>
      Promise.resolve({ data: { ...person, ...body } })) as never);
}

function renderAt(path: string) {
  renderPage(
    [
      { path: '/admin/user/edit/:id', element: <UserFormPage /> },
      { path: '/admin/user/add', element: <UserFormPage /> },
      { path: '/admin/user/detail/:id', element: <UserDetailPage /> },
      { path: '/admin/settings', element: <p>settings</p> },
    ],
    { at: path },
  );
}

describe('the user form and detail with the company-defined fields', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    session.roles = [];
  });

  it('shows one labelled input per defined field, in order, and sends them (an emptied one as empty)', async () => {
    const update = mockApi(FIELDS);
    renderAt('/admin/user/edit/7');
    const group = await screen.findByTestId('user-custom-fields');
    const inputs = within(group).getAllByRole('textbox') as HTMLInputElement[];
    expect(inputs.map((input) => input.labels?.[0]?.textContent)).toEqual(['Masraf merkezi', 'Vardiya']);
    expect(inputs.map((input) => input.value)).toEqual(['MM-100', 'Gece']);
    // A value under a key the company no longer defines is not offered for editing.
    expect(within(group).queryByDisplayValue('B-12')).toBeNull();

    fireEvent.change(screen.getByTestId('user-custom-field-cost_center'), { target: { value: 'MM-210' } });
    fireEvent.change(screen.getByTestId('user-custom-field-shift'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('user-form-save-stay'));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const body = update.mock.calls[0]?.[2] as Partial<AdminUser>;
    expect(body.custom_fields).toEqual({ cost_center: 'MM-210', shift: '' });
  });

  it('without defined fields, says so and links to the settings only for those who may change them', async () => {
    mockApi([]);
    session.roles = [{ id: ROLE.admin, permissions: [{ name: 'show_user' }, { name: 'read_companysetting' }] }];
    renderAt('/admin/user/add');
    expect(await screen.findByTestId('user-custom-fields-empty')).toBeTruthy();
    expect(screen.getByTestId('user-custom-fields-settings').getAttribute('href')).toBe('/admin/settings');
    cleanup();

    session.roles = [{ id: ROLE.user, permissions: [{ name: 'show_user' }] }];
    renderAt('/admin/user/add');
    expect(await screen.findByTestId('user-custom-fields-empty')).toBeTruthy();
    expect(screen.queryByTestId('user-custom-fields-settings')).toBeNull();
  });

  it('lists the defined fields on the detail page and keeps undefined ones apart, read-only', async () => {
    mockApi(FIELDS);
    renderAt('/admin/user/detail/7');
    const section = await screen.findByTestId('user-detail-custom-fields');
    expect(within(section).getByText('Masraf merkezi')).toBeTruthy();
    expect(within(section).getByText('MM-100')).toBeTruthy();
    const leftOver = within(section).getByTestId('user-detail-undefined-fields');
    expect(within(leftOver).getByText('legacy_badge')).toBeTruthy();
    expect(within(leftOver).getByText('B-12')).toBeTruthy();
    expect(within(leftOver).queryByText('MM-100')).toBeNull();
  });
});

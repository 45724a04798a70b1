import { type ClassroomRegistration, type ClassroomSession, ROLE } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: SessionPage } = await import('./SessionPage.js');

const withPermissions = (...names: string[]) => [
  { id: 42, permissions: names.map((name) => ({ name })) },
  { id: ROLE.user, permissions: [] },
];

const person = (id: number, name: string, values: Partial<ClassroomRegistration> = {}): ClassroomRegistration => ({
  id: id * 10,
  user: { id, name, surname: 'Yılmaz', email: `${name.toLowerCase()}@example.test` },
  status: 'registered',
  position: null,
  attendance: null,
  attended_at: null,
  created_at: '2026-11-01T09:00:00.000Z',
  ...values,
});

const held: ClassroomSession = {
  id: 7,
  classroom_id: 3,
  starts_at: '2026-12-03T06:00:00.000Z',
  ends_at: '2026-12-03T14:00:00.000Z',
  time_zone: 'Europe/Istanbul',
  place: 'Training room 2',
  online_url: null,
  capacity: 2,
  instructor: { user_id: null, name: 'Sarah Collins' },
  status: 'active',
  registered_count: 2,
  waitlisted_count: 1,
  seats_left: 0,
  sequence: 0,
  attendance_taken: false,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

const rows = [
  person(1, 'Ayşe', { attendance: 'present' }),
  person(2, 'Mehmet'),
  person(3, 'Zeynep', { status: 'waitlisted', position: 1 }),
];

function mockReads() {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/registrations')) return { data: rows, session: held } as never;
    return { data: { id: 3, title: 'Presenting with Impact' } } as never;
  });
}

const renderSession = () =>
  renderPage([{ path: '/admin/education/classroom/:id/sessions/:session', element: <SessionPage /> }], {
    at: '/admin/education/classroom/3/sessions/7',
  });

describe('SessionPage (/admin/education/classroom/:id/sessions/:session)', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists seats then the waiting list, and saves only the marks that changed', async () => {
    session.roles = withPermissions('show_training', 'create_training');
    const get = mockReads();
    const put = vi
      .spyOn(http, 'put')
      .mockResolvedValue({ data: { updated: 1, errors: [] }, message: 'Attendance saved (1 changed).' } as never);
    renderSession();
    const registrations = await screen.findAllByTestId('registration-row');
    expect(get).toHaveBeenCalledWith('api/admin/classrooms/3/sessions/7/registrations');
    expect(registrations.map((r) => r.getAttribute('data-status'))).toEqual(['registered', 'registered', 'waitlisted']);
    expect(screen.getByTestId('session-counts').textContent).toBe('2 / 2 · +1 waiting');
    expect(screen.getByText(/Thursday, 3 December 2026, 09:00–17:00 \(Istanbul \(UTC\+3\)\)/)).toBeTruthy();
    // Only people with a seat are on the sheet.
    expect(screen.getAllByTestId('attendance-row')).toHaveLength(2);
    const save = screen.getByTestId('attendance-save');
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('attendance-all-present'));
    fireEvent.click(save);
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('api/admin/classrooms/3/sessions/7/attendance', {
        entries: [{ user_id: 2, attendance: 'present' }],
      }),
    );
    expect(await screen.findByText('Attendance saved (1 changed).')).toBeTruthy();
  });

  it('cancels a registration only after asking; a reader sees no actions', async () => {
    session.roles = withPermissions('show_training', 'create_training');
    mockReads();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: rows } as never);
    renderSession();
    const [first] = await screen.findAllByTestId('registration-row');
    fireEvent.click(within(first!).getByTestId('registration-cancel'));
    expect(await screen.findByText(/Ayşe Yılmaz loses the seat/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/admin/classrooms/3/sessions/7/registrations/10/cancel'));
    cleanup();

    session.roles = withPermissions('show_training');
    renderSession();
    await screen.findAllByTestId('registration-row');
    expect(screen.queryByTestId('registration-cancel')).toBeNull();
    expect(screen.queryByTestId('attendance-save')).toBeNull();
    expect(screen.queryByTestId('attendance-import')).toBeNull();
    expect(screen.getByTestId('attendance-template')).toBeTruthy();
  });
});

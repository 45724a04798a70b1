import type { LearnerClassroom, LearnerSession } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { ClassroomSessionPicker } from './ClassroomSessionPicker.js';

function session(id: number, values: Partial<LearnerSession> = {}): LearnerSession {
  return {
    id,
    // 10:00–12:00 in Istanbul (UTC+3).
    starts_at: '2026-12-03T07:00:00.000Z',
    ends_at: '2026-12-03T09:00:00.000Z',
    time_zone: 'Europe/Istanbul',
    place: 'Training room 2',
    online_url: null,
    instructor_name: 'Sarah Collins',
    capacity: 10,
    seats_left: 4,
    waitlisted_count: 0,
    status: 'active',
    is_past: false,
    registration: null,
    ...values,
  };
}

function classroom(values: Partial<LearnerClassroom> = {}): LearnerClassroom {
  return {
    id: 5,
    title: 'Presenting with Impact',
    description: null,
    image_url: null,
    can_register: true,
    status: 'not_started',
    sessions: [
      session(11),
      session(12, {
        starts_at: '2026-12-10T07:00:00.000Z',
        ends_at: '2026-12-10T09:00:00.000Z',
        time_zone: 'Asia/Baku',
        seats_left: 0,
        waitlisted_count: 2,
        place: null,
        online_url: 'https://meet.example.com/x',
      }),
    ],
    ...values,
  };
}

const renderPicker = () => renderPage(<ClassroomSessionPicker classroomId={5} />);

describe('ClassroomSessionPicker', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each session in its own time zone with seats, place and the one action it offers', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: classroom() } as never);
    renderPicker();
    const cards = await screen.findAllByTestId('classroom-session');
    expect(get).toHaveBeenCalledWith('api/my/classrooms/5');
    expect(within(cards[0]!).getByTestId('session-day').textContent).toBe('Thursday, 3 December 2026');
    expect(within(cards[0]!).getByTestId('session-hours').textContent).toContain('10:00–12:00');
    expect(within(cards[0]!).getByTestId('session-hours').textContent).toContain('Istanbul (UTC+3)');
    expect(within(cards[0]!).getByText('4 seats left')).toBeTruthy();
    expect(within(cards[0]!).getByText('Training room 2')).toBeTruthy();
    expect(within(cards[0]!).getByTestId('session-register').textContent).toBe('Register');
    // The same instant is 11:00 in Baku, where that session is held.
    expect(within(cards[1]!).getByTestId('session-hours').textContent).toContain('11:00–13:00');
    expect(within(cards[1]!).getByText('Full')).toBeTruthy();
    expect(within(cards[1]!).getByText('2 waiting')).toBeTruthy();
    expect(within(cards[1]!).getByTestId('session-register').textContent).toBe('Join the waiting list');
    // The meeting link is for people holding a seat.
    expect(within(cards[1]!).queryByRole('link')).toBeNull();
  });

  it('joins the waiting list, then shows the place in line and the calendar file', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: classroom() } as never);
    const waiting = classroom({
      status: 'in_progress',
      sessions: classroom().sessions.map((s) =>
        s.id === 12
          ? { ...s, waitlisted_count: 3, registration: { status: 'waitlisted', position: 3, attendance: null } }
          : s,
      ),
    });
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: waiting } as never);
    renderPicker();
    const cards = await screen.findAllByTestId('classroom-session');
    // The learner's pages are read again after the change: the server now answers the new standing.
    get.mockResolvedValue({ data: waiting } as never);
    fireEvent.click(within(cards[1]!).getByTestId('session-register'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/my/classrooms/5/sessions/12/register'));
    expect(await screen.findByText('On the waiting list, place 3')).toBeTruthy();
    expect(await screen.findByText(/you are on the waiting list/)).toBeTruthy();
    const after = screen.getAllByTestId('classroom-session');
    expect(within(after[1]!).getByTestId('session-ics')).toBeTruthy();
    expect(within(after[1]!).getByTestId('session-cancel').textContent).toBe('Leave the waiting list');
    // One live place per training: the other session offers nothing to take.
    expect(within(after[0]!).queryByTestId('session-register')).toBeNull();
  });

  it('asks before cancelling a seat, and cancels only when confirmed', async () => {
    const registered = classroom({
      status: 'in_progress',
      sessions: [session(11, { registration: { status: 'registered', position: null, attendance: null } })],
    });
    vi.spyOn(http, 'get').mockResolvedValue({ data: registered } as never);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: classroom({ sessions: [session(11)] }) } as never);
    renderPicker();
    fireEvent.click(await screen.findByTestId('session-cancel'));
    fireEvent.click(await screen.findByTestId('confirm-cancel'));
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('session-cancel'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/my/classrooms/5/sessions/11/cancel'));
    expect(await screen.findByText('Your registration has been cancelled.')).toBeTruthy();
  });

  it('says why a person cannot register, shows attendance, and the empty and error states', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValueOnce({
      data: classroom({
        can_register: false,
        sessions: [
          session(11, { is_past: true, registration: { status: 'registered', position: null, attendance: 'present' } }),
        ],
        status: 'completed',
      }),
    } as never);
    renderPicker();
    expect(await screen.findByText('You attended')).toBeTruthy();
    expect(screen.getByText('Completed: your attendance was recorded.')).toBeTruthy();
    expect(screen.queryByTestId('session-register')).toBeNull();
    expect(screen.queryByTestId('session-cancel')).toBeNull();
    cleanup();

    get.mockResolvedValueOnce({ data: classroom({ can_register: false, sessions: [] }) } as never);
    renderPicker();
    expect(await screen.findByTestId('classroom-no-sessions')).toBeTruthy();
    expect(screen.getByTestId('classroom-not-enrolled')).toBeTruthy();
    cleanup();

    get.mockRejectedValueOnce(new ApiError(500, null, 'down'));
    get.mockResolvedValueOnce({ data: classroom() } as never);
    renderPicker();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('classroom-session')).toHaveLength(2);
  });
});

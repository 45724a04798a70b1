import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { detail, learnerItem } from '../fixtures.js';
import AssignmentClassroomPage from './AssignmentClassroomPage.js';
import AssignmentDetailPage from './AssignmentDetailPage.js';

const withClassroom = detail({
  items: [learnerItem({ ref_id: 21, title: 'Presentation Skills Workshop', has_classroom: true })],
  classrooms: [
    { id: 5, title: 'Presenting with Impact', education_id: 21, education_title: 'Presentation Skills Workshop' },
  ],
});
const classroom = {
  id: 5,
  title: 'Presenting with Impact',
  description: null,
  image_url: null,
  can_register: true,
  status: 'not_started',
  sessions: [],
};

function renderAt(at: string) {
  return renderPage(
    [
      { path: '/assignments/:assignment/classroom-education', element: <AssignmentClassroomPage /> },
      { path: '/assignment/:id/detail', element: <AssignmentDetailPage /> },
      { path: '/404', element: <output data-testid="not-found" /> },
    ],
    { at },
  );
}

describe('AssignmentClassroomPage (/assignments/:assignment/classroom-education)', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each classroom training of the assignment with its session picker and a way back', async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockImplementation(
        async (url: string) =>
          (url.startsWith('api/my/classrooms/') ? { data: classroom } : { data: withClassroom }) as never,
      );
    renderAt('/assignments/7/classroom-education');
    const section = await screen.findByTestId('assignment-classroom');
    expect(get).toHaveBeenCalledWith('api/my/assignments/7');
    expect(section.textContent).toContain('Part of Presentation Skills Workshop');
    expect(await within(section).findByTestId('classroom-picker')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('api/my/classrooms/5');
    expect(screen.getByTestId('assignment-back').getAttribute('href')).toBe('/assignment/7/detail');
  });

  it('says so when the assignment has no classroom session, and leads back', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: detail() } as never);
    renderAt('/assignments/7/classroom-education');
    expect((await screen.findByTestId('assignment-classroom-empty')).textContent).toContain(
      'This assignment has no classroom session to choose.',
    );
  });

  it('goes to the not-found page for someone else’s assignment', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new ApiError(404, null, 'Not found'));
    renderAt('/assignments/99/classroom-education');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('offers the session choice on the assignment’s item that holds a classroom training', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: withClassroom } as never);
    renderAt('/assignment/7/detail');
    const choose = await screen.findByTestId('assignment-item-classroom');
    expect(choose.getAttribute('href')).toBe('/assignments/7/classroom-education');
    expect(choose.getAttribute('aria-label')).toBe('Choose a session: Presentation Skills Workshop');
  });
});

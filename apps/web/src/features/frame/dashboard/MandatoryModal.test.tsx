import type { MandatoryCompletions } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { MandatoryModal } from './MandatoryModal.js';

const assignment = {
  id: 7,
  name: 'Information security 2026',
  description: '<p>Renew it <em>once a year</em>.</p><img src=x onerror="alert(1)">',
  cover_image_link: null,
  start_date: '2026-11-01',
  end_date: '2026-12-15',
  duration: 45,
  action_label: 'continue' as const,
};

function serve(data: MandatoryCompletions) {
  return vi.spyOn(http, 'get').mockResolvedValue({ data } as never);
}

/** The modal sits in the frame around every page, as in DashboardLayout. */
function renderAt(at: string) {
  return renderPage(
    [
      {
        element: (
          <>
            <Outlet />
            <MandatoryModal />
          </>
        ),
        children: [
          { path: '/dashboard', element: <output data-testid="home" /> },
          { path: '/assignment/:id/detail', element: <output data-testid="assignment-page" /> },
          { path: '/test/exam/:id', element: <output data-testid="taking-screen" /> },
        ],
      },
    ],
    { at },
  );
}

describe('MandatoryModal', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a mandatory assignment once no notice is left, and starting it closes the modal', {
    timeout: 20_000,
  }, async () => {
    serve({ notices: [], assignments: [assignment], is_mandatory_exists: true });
    const { router } = renderAt('/dashboard');
    const card = await screen.findByTestId('mandatory-assignment');
    expect(card.textContent).toContain('Information security 2026');
    expect(screen.getByTestId('mandatory-assignment-dates').textContent).toBe('01/11/2026 – 15/12/2026');
    expect(card.textContent).toContain('45 minutes');
    // The rich description keeps its emphasis, without the handler.
    const description = screen.getByTestId('mandatory-assignment-description');
    expect(description.querySelector('em')?.textContent).toBe('once a year');
    expect(description.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    fireEvent.click(screen.getByTestId('mandatory-assignment-start'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assignment/7/detail'));
    await waitFor(() => expect(screen.queryByTestId('mandatory-assignment')).toBeNull());
  });

  it('shows unread notices first and the assignments only after them', { timeout: 20_000 }, async () => {
    serve({
      notices: [{ id: 1, name: 'New travel policy', text: '<p>Read it.</p>', pivot: { is_read: 0 } }],
      assignments: [assignment],
      is_mandatory_exists: true,
    });
    renderAt('/dashboard');
    expect((await screen.findByTestId('mandatory-notice')).textContent).toContain('New travel policy');
    expect(screen.queryByTestId('mandatory-assignment')).toBeNull();
  });

  it('never covers a timed exam: nothing is asked or shown on the taking screen', { timeout: 20_000 }, async () => {
    const get = serve({ notices: [], assignments: [assignment], is_mandatory_exists: true });
    renderAt('/test/exam/3');
    await screen.findByTestId('taking-screen');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(get).not.toHaveBeenCalled();
    expect(screen.queryByTestId('mandatory-assignment')).toBeNull();
  });

  it('stays closed when nothing is mandatory', { timeout: 20_000 }, async () => {
    const get = serve({ notices: [], assignments: [], is_mandatory_exists: false });
    renderAt('/dashboard');
    await waitFor(() => expect(get).toHaveBeenCalledWith('api/dashboard/mandatory-completions'));
    expect(screen.queryByTestId('mandatory-assignment')).toBeNull();
    expect(screen.queryByTestId('mandatory-notice')).toBeNull();
  });
});

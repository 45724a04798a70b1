import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import EducationDetailPage, { detailAction } from './EducationDetailPage.js';
import { detail, enrolment } from './fixtures.js';

function renderDetail(id = '1') {
  return renderPage(
    [
      { path: '/education/:id/detail', element: <EducationDetailPage /> },
      { path: '/404', element: <p>not found page</p> },
      { path: '/eduction/:id/player', element: <p>player page</p> },
    ],
    { at: `/education/${id}/detail` },
  ).router;
}

describe('EducationDetailPage (/education/:id/detail)', { timeout: 20_000 }, () => {
  // Unmounted before the mocks go: a query still in flight must not reach the real client.
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the spec’s fields: titles, dates in the reader’s format, rate, counts, sanitized description', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: detail() } as never);
    renderDetail();
    expect((await screen.findByTestId('detail-title')).textContent).toBe('Information security basics');
    expect(get).toHaveBeenCalledWith('api/educations/1');
    expect(screen.getByTestId('detail-sub-title').textContent).toBe('Passwords, phishing and safe habits');
    // English writes a day DD/MM/YYYY; Turkish, Azerbaijani and German dd.mm.yyyy (lib/dates.test.ts).
    expect(screen.getByTestId('detail-start').textContent).toContain('01/03/2026');
    expect(screen.getByTestId('detail-end').textContent).toContain('30/06/2026');
    expect(screen.getByTestId('finished-rate').textContent).toBe('50%');
    expect(screen.getByTestId('detail-completed-count').textContent).toContain('7 people');
    expect(screen.getByTestId('detail-shares-count').textContent).toContain('0');
    expect(screen.getByRole('heading', { name: 'What you will learn' })).toBeTruthy();
    const description = screen.getByTestId('detail-description');
    expect(description.innerHTML).toContain('<b>phishing</b>');
    expect(description.innerHTML).not.toContain('script');
  });

  it('lists the parts with their state, links the open ones into the player and never a locked one', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: detail() } as never);
    renderDetail();
    const parts = await screen.findAllByTestId('part');
    expect(parts.map((item) => item.getAttribute('data-status'))).toEqual(['completed', 'not_started', 'not_started']);
    expect(within(parts[0]!).getByRole('img', { name: 'Completed' })).toBeTruthy();
    expect(within(parts[2]!).getByTestId('part-locked')).toBeTruthy();
    expect(within(parts[2]!).queryByRole('link')).toBeNull();
    expect(within(parts[1]!).getByRole('link').getAttribute('href')).toBe('/eduction/1/player?part=12');
    expect(screen.getByText('1 of 3 parts completed')).toBeTruthy();
  });

  it('has one button into the player at the next part, named after where the learner stands', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: detail() } as never);
    const router = renderDetail();
    const play = await screen.findByTestId('detail-play');
    expect(play.textContent).toBe('Continue where you left off');
    fireEvent.click(play);
    await waitFor(() => expect(router.state.location.pathname).toBe('/eduction/1/player'));
    expect(router.state.location.search).toBe('?part=12');
  });

  it('enrols when the education is open for it, then offers the start', async () => {
    const open = detail({ enrolment: null, can_enrol: true, finished_rate: 0 });
    const enrolled = detail({ enrolment: enrolment({ status: 'not_started', finished_rate: 0 }), finished_rate: 0 });
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: open } as never);
    const post = vi.spyOn(http, 'post').mockImplementation((async () => {
      get.mockResolvedValue({ data: enrolled } as never);
      return { data: enrolled };
    }) as never);
    renderDetail();
    expect(await screen.findByText('Enrol in the training to open its parts.')).toBeTruthy();
    expect(screen.queryAllByTestId('part-open')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('detail-enrol'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/educations/1/enrol'));
    expect((await screen.findByTestId('detail-play')).textContent).toBe('Start the training');
    expect(screen.getAllByTestId('part-open').length).toBeGreaterThan(0);
  });

  it('says when the education is neither joined nor open', () => {
    expect(detailAction({ enrolment: null, can_enrol: false })).toBeNull();
    expect(detailAction({ enrolment: enrolment({ status: 'completed' }), can_enrol: false })).toBe('review');
  });

  it('sends a missing or foreign education to the not-found page', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new ApiError(404, { message: 'no' }, 'no'));
    const router = renderDetail('99');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('offers a retry when the server cannot be reached', async () => {
    const get = vi.spyOn(http, 'get').mockRejectedValue(new ApiError(0, null, 'offline'));
    renderDetail();
    // An outage is tried once more (after a second) before the page says so.
    expect(await screen.findByTestId('detail-error', {}, { timeout: 4000 })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
    get.mockResolvedValue({ data: detail() } as never);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('detail-title')).toBeTruthy();
  });
});

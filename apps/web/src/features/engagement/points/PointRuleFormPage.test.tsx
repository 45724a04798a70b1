import type { PointRule } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';

const { default: PointRuleFormPage } = await import('./PointRuleFormPage.js');

const exam: PointRule = {
  id: 9,
  kind: 'exam_passed',
  points: 30,
  status: 1,
  daily_cap: null,
  scale_by_score: true,
  awarded_points: 0,
  awarded_people: 0,
  updated_at: '2026-03-01T09:00:00.000Z',
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(rule: PointRule) {
  vi.spyOn(http, 'get').mockResolvedValue({ data: rule } as never);
  renderPage(
    [
      { path: '/admin/point/:id/update', element: <PointRuleFormPage /> },
      { path: '*', element: <Where /> },
    ],
    { at: `/admin/point/${rule.id}/update` },
  );
}

describe('PointRuleFormPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses points over 10,000 before sending, then saves the rule and goes back to the list', async () => {
    const update = vi.spyOn(http, 'update').mockResolvedValue({ data: { ...exam, points: 45 } } as never);
    renderAt(exam);
    expect((await screen.findByTestId('point-rule-kind')).textContent).toBe('Exam passed');
    const points = screen.getByTestId('point-rule-points-input');
    fireEvent.change(points, { target: { value: '20000' } });
    fireEvent.click(screen.getByTestId('point-rule-form-save'));
    await waitFor(() => expect(points.getAttribute('aria-invalid')).toBe('true'));
    expect(update).not.toHaveBeenCalled();

    fireEvent.change(points, { target: { value: '45' } });
    fireEvent.change(screen.getByTestId('point-rule-cap-input'), { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('point-rule-form-save'));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'api/admin/points',
        9,
        expect.objectContaining({ points: 45, daily_cap: 90, scale_by_score: true }),
      ),
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/points');
  });

  it("puts the server's field errors on their fields and stays on the form", async () => {
    vi.spyOn(http, 'update').mockRejectedValue(
      new ApiError(
        422,
        { message: 'The given data was invalid.', errors: { daily_cap: ['The daily cap is too high.'] } },
        'The given data was invalid.',
      ),
    );
    renderAt({ ...exam, kind: 'sign_in', scale_by_score: false });
    const cap = await screen.findByTestId('point-rule-cap-input');
    // Scaling by score is offered for exams only.
    expect(screen.queryByTestId('point-rule-scale')).toBeNull();
    fireEvent.change(cap, { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('point-rule-form-save'));
    expect(await screen.findByText('The daily cap is too high.')).toBeTruthy();
    expect(cap.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

import type { Competency, CompetencyRule } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const { default: CompetencyRuleFormPage } = await import('./CompetencyRuleFormPage.js');

const competency: Competency = {
  id: 5,
  names: { tr: 'Bilgi güvenliği bilinci', en: 'Information security awareness' },
  description: null,
  category: null,
  levels: ['Beginner', 'Developing', 'Competent', 'Advanced', 'Expert'],
  status: 1,
  people: 4,
  rules: 1,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};
const rule: CompetencyRule = {
  id: 8,
  name: 'Completed information security training',
  trigger: 'education_completed',
  ref_id: 3,
  ref_title: 'Information Security Awareness',
  min_score: null,
  competency: { id: 5, names: competency.names, levels: competency.levels },
  level: 2,
  status: 1,
  applied: 0,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
};
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 20, total: data.length } });

function serveGets(previewCount = 7) {
  return vi.spyOn(http, 'get').mockImplementation(((url: string, id?: number | string) => {
    if (url === 'api/admin/competencies') return Promise.resolve(page([competency]));
    if (url === 'api/admin/competency-rules' && id !== undefined) return Promise.resolve({ data: rule });
    if (url === 'api/admin/competency-rules/8/apply-preview') return Promise.resolve({ data: { count: previewCount } });
    if (url === 'api/admin/educations')
      return Promise.resolve(page([{ id: 3, title: 'Information Security Awareness' }]));
    if (url === 'api/admin/exams') return Promise.resolve(page([{ id: 11, title: 'Security post-test' }]));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  }) as never);
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderAt(path: string) {
  renderPage(
    [
      { path: '/admin/add-automatic-competency', element: <CompetencyRuleFormPage /> },
      { path: '/admin/edit-automatic-competency/:id/edit', element: <CompetencyRuleFormPage /> },
      { path: '*', element: <Where /> },
    ],
    { at: path },
  );
}

const inputLabelled = (label: RegExp) =>
  screen
    .getAllByLabelText(label)
    .find((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type !== 'hidden')!;

async function choose(label: RegExp, option: string) {
  const input = inputLabelled(label);
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }, { timeout: 3000 }));
}

describe('CompetencyRuleFormPage', () => {
  matchEveryMediaQuery();
  // jsdom lays nothing out; a select scrolls its chosen option into view.
  Element.prototype.scrollIntoView ??= () => undefined;
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses an incomplete rule, then creates it and opens its page for the back-apply', async () => {
    serveGets();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { ...rule } } as never);
    renderAt('/admin/add-automatic-competency');
    fireEvent.change(await screen.findByLabelText(/Rule name/), { target: { value: 'Security training' } });
    fireEvent.click(screen.getByTestId('rule-form-save'));
    await waitFor(() => expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0));
    expect(post).not.toHaveBeenCalled();
    // The minimum score belongs to exams only.
    expect(screen.queryByTestId('rule-min-score')).toBeNull();

    await choose(/^Training/, 'Information Security Awareness');
    await choose(/^Competency/, 'Information security awareness');
    await choose(/^Level/, '3 · Competent');
    fireEvent.click(screen.getByTestId('rule-form-save'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/competency-rules', {
        name: 'Security training',
        trigger: 'education_completed',
        ref_id: 3,
        min_score: null,
        competency_id: 5,
        level: 3,
        status: 1,
      }),
    );
    // The rule's own page, where the back-apply waits with its preview count.
    expect(await screen.findByTestId('rule-back-apply', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('rule-preview-count').getAttribute('data-count')).toBe('7'));
  }, 30_000);

  it('shows how many people the back-apply reaches and applies only after the admin confirms', async () => {
    serveGets(7);
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ data: { applied: 7 }, message: 'People whose level was set or raised: 7.' } as never);
    renderAt('/admin/edit-automatic-competency/8/edit');
    await waitFor(() => expect(screen.getByTestId('rule-preview-count').getAttribute('data-count')).toBe('7'));
    expect(await screen.findByDisplayValue('Completed information security training')).toBeTruthy();

    fireEvent.click(screen.getByTestId('rule-apply'));
    expect(await screen.findByText(/set or raised to 2: 7/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('rule-apply'));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/admin/competency-rules/8/apply'));
    expect(await screen.findByText('People whose level was set or raised: 7.')).toBeTruthy();
  }, 30_000);

  it('offers no back-apply when nobody is left and asks for a minimum score on an exam rule', async () => {
    serveGets(0);
    renderAt('/admin/edit-automatic-competency/8/edit');
    await waitFor(() => expect(screen.getByTestId('rule-preview-count').getAttribute('data-count')).toBe('0'));
    expect((screen.getByTestId('rule-apply') as HTMLButtonElement).disabled).toBe(true);
    await choose(/^Event/, 'Exam passed');
    expect(await screen.findByTestId('rule-min-score')).toBeTruthy();
  }, 30_000);
});

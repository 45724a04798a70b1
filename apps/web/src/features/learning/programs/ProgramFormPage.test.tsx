import type { Education, Program } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';

const { default: ProgramFormPage } = await import('./ProgramFormPage.js');

const education = (id: number, title: string, status: 0 | 1 = 1): Education => ({
  id,
  title,
  sub_title: null,
  description_title: null,
  description: null,
  image_url: null,
  category: null,
  language: 'en',
  hashtags: [],
  start_date: null,
  end_date: null,
  estimated_minutes: null,
  status,
  visibility: 'catalogue',
  sequential: false,
  provider: null,
  evaluation_survey_id: null,
  evaluation_required_for_certificate: false,
  parts: [],
  pre_test_exam_id: null,
  post_test_exam_id: null,
  enrolled_count: 0,
  completed_count: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
});
const security = education(11, 'Information security');
const privacy = education(12, 'Personal data protection');
const safety = education(13, 'Safety at work', 0);

const stored: Program = {
  id: 5,
  title: 'Onboarding path',
  description: 'The first month',
  image_url: null,
  sequential: true,
  status: 1,
  steps: [
    {
      id: 1,
      education_id: 11,
      order: 0,
      deadline_days: 7,
      title: 'Information security',
      image_url: null,
      available: true,
    },
    {
      id: 2,
      education_id: 13,
      order: 1,
      deadline_days: null,
      title: 'Safety at work',
      image_url: null,
      available: false,
    },
  ],
  enrolled_count: 3,
  completed_count: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

function answerGets(item: Program | null = null) {
  return vi.spyOn(http, 'get').mockImplementation((async (url: string, id?: number, query?: { search?: string }) => {
    if (url === 'api/admin/educations') {
      const all = [security, privacy, safety];
      const data = query?.search ? all.filter((e) => e.title.toLowerCase().includes(query.search!.toLowerCase())) : all;
      return { data, meta: { page: 1, per_page: 20, total: data.length } };
    }
    if (url === 'api/admin/programs' && id !== undefined && item) return { data: item };
    throw new Error(`unexpected GET ${url}`);
  }) as never);
}

function renderAt(at: string) {
  return renderPage(
    [
      { path: '/admin/program/add', element: <ProgramFormPage /> },
      { path: '/admin/program/edit/:id', element: <ProgramFormPage /> },
      { path: '*', element: <output data-testid="elsewhere" /> },
    ],
    { at },
  );
}

async function pick(title: string) {
  const picker = screen.getByTestId('program-step-picker');
  fireEvent.focus(picker);
  fireEvent.click(picker);
  // The dropdown is still in its opening transition in jsdom, so its options count as hidden.
  fireEvent.click(await screen.findByRole('option', { name: title, hidden: true }));
}

const stepTitles = () => screen.queryAllByTestId('program-step-title').map((node) => node.textContent);

describe('ProgramFormPage', () => {
  beforeAll(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('builds the steps from picked educations, reorders them, sets a deadline and sends them in order', {
    timeout: 20_000,
  }, async () => {
    answerGets();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { ...stored, id: 9 } } as never);
    renderAt('/admin/program/add');
    expect(await screen.findByTestId('program-steps-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('program-title'), { target: { value: 'Compliance path' } });
    await pick('Information security');
    await pick('Personal data protection');
    expect(stepTitles()).toEqual(['Information security', 'Personal data protection']);
    // A chosen education is no longer offered.
    const picker = screen.getByTestId('program-step-picker');
    fireEvent.click(picker);
    await screen.findByRole('option', { name: 'Safety at work', hidden: true });
    expect(screen.queryByRole('option', { name: 'Information security', hidden: true })).toBeNull();
    fireEvent.keyDown(picker, { key: 'Escape' });

    fireEvent.click(screen.getAllByTestId('program-step-down')[0]!);
    expect(stepTitles()).toEqual(['Personal data protection', 'Information security']);
    expect(screen.getAllByTestId('program-step-up')[0]!.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Deadline in days for Information security'), { target: { value: '14' } });
    fireEvent.click(screen.getByTestId('program-form-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('api/admin/programs', {
      title: 'Compliance path',
      description: null,
      image_url: null,
      sequential: true,
      status: 1,
      steps: [
        { education_id: 12, deadline_days: null },
        { education_id: 11, deadline_days: 14 },
      ],
    });
  });

  it('shows a stored program’s steps, marks a passive one, and removes a step', { timeout: 20_000 }, async () => {
    answerGets(stored);
    const update = vi.spyOn(http, 'update').mockResolvedValue({ data: stored } as never);
    renderAt('/admin/program/edit/5');
    await screen.findByTestId('program-step-list');
    expect(stepTitles()).toEqual(['Information security', 'Safety at work']);
    const passive = screen.getAllByTestId('program-step')[1]!;
    expect(within(passive).getByText('Passive')).toBeTruthy();
    expect((screen.getByLabelText('Deadline in days for Information security') as HTMLInputElement).value).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Safety at work' }));
    expect(stepTitles()).toEqual(['Information security']);
    fireEvent.click(screen.getByTestId('program-form-save-stay'));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[2]).toMatchObject({ steps: [{ education_id: 11, deadline_days: 7 }] });
  });

  it('shows the server’s errors on the step they name and on the list', { timeout: 20_000 }, async () => {
    answerGets(stored);
    vi.spyOn(http, 'update').mockRejectedValue(
      new ApiError(
        422,
        {
          message: 'Invalid',
          errors: {
            'steps.1.education_id': ['This education does not exist in your company; choose another one.'],
            steps: ['An education can be a step of the program only once.'],
          },
        },
        'Invalid',
      ),
    );
    renderAt('/admin/program/edit/5');
    await screen.findByTestId('program-step-list');
    fireEvent.click(screen.getByTestId('program-form-save-stay'));
    const second = screen.getAllByTestId('program-step')[1]!;
    expect(
      await within(second).findByText('This education does not exist in your company; choose another one.'),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('program-steps')).getByText('An education can be a step of the program only once.'),
    ).toBeTruthy();
  });

  it('asks for a title before sending', { timeout: 20_000 }, async () => {
    answerGets();
    const post = vi.spyOn(http, 'post');
    renderAt('/admin/program/add');
    fireEvent.click(await screen.findByTestId('program-form-save'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });
});

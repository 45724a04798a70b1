import type { MyAttempt } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { AttemptScreen } from './TakePage.js';

const attempt = (overrides: Partial<MyAttempt> = {}): MyAttempt => ({
  id: 41,
  exam_id: 3,
  kind: 'exam',
  title: 'Bilgi Güvenliği Son Test',
  number: 1,
  state: 'in_progress',
  layout: 'one_per_page',
  block_copy_paste: true,
  started_at: '2026-11-26T10:00:00.000Z',
  deadline_at: new Date(Date.now() + 20 * 60_000).toISOString(),
  now: new Date().toISOString(),
  submitted_at: null,
  tab_leaves: 0,
  questions: [
    {
      position: 1,
      points: 1,
      question: {
        type: 'single',
        text: '<p>Parola en az kaç karakter?</p>',
        options: [
          { key: 'a', text: 'Altı' },
          { key: 'b', text: 'On iki' },
        ],
      },
      answer: null,
      seq: 0,
    },
    {
      position: 2,
      points: 1,
      question: { type: 'true_false', text: '<p>Ekranı kilitleyin.</p>' },
      answer: null,
      seq: 0,
    },
    {
      position: 3,
      points: 2,
      question: { type: 'open', text: '<p>Olayı nasıl bildirirsiniz?</p>' },
      answer: null,
      seq: 0,
    },
  ],
  ...overrides,
});

const navItems = () => within(screen.getByTestId('take-navigator')).getAllByRole('button');

describe('AttemptScreen (/test/exam/:id)', { timeout: 20_000 }, () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the countdown, marks answered questions in the navigator and saves each answer', async () => {
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: { position: 1, seq: 1, saved: true } });
    vi.spyOn(http, 'post').mockResolvedValue({ data: { now: new Date().toISOString() } });
    renderPage(<AttemptScreen attempt={attempt()} holder="tab-test-1" onElsewhere={() => undefined} />);
    expect(screen.getByTestId('take-timer').textContent).toMatch(/^(20:00|19:5\d)$/);
    expect(navItems()[0]?.getAttribute('aria-current')).toBe('step');
    fireEvent.click(screen.getByLabelText('On iki'));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('api/my/attempts/41/answers/1', {
        answer: { type: 'single', key: 'b' },
        seq: 1,
        holder: 'tab-test-1',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('take-save-status').dataset.status).toBe('saved'));
    expect(navItems()[0]?.getAttribute('aria-label')).toContain('answered');
    expect(navItems()[1]?.getAttribute('aria-label')).toContain('not answered');
    // The navigator moves between questions.
    fireEvent.click(navItems()[2] as HTMLElement);
    expect(screen.getByText('Olayı nasıl bildirirsiniz?')).toBeTruthy();
  });

  it('asks before submitting and lists the unanswered questions', async () => {
    vi.spyOn(http, 'put').mockResolvedValue({ data: { position: 2, seq: 1, saved: true } });
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { attempt_id: 41 }, message: 'ok' });
    const { router } = renderPage(
      <AttemptScreen attempt={attempt()} holder="tab-test-1" onElsewhere={() => undefined} />,
      {
        path: '/test/exam/3',
      },
    );
    fireEvent.click(navItems()[1] as HTMLElement);
    fireEvent.click(screen.getByLabelText('True'));
    fireEvent.click(screen.getByTestId('take-submit'));
    const confirm = await screen.findByTestId('take-confirm');
    expect(confirm.textContent).toContain('2 questions are not answered');
    expect(within(confirm).getByText('Question 1 of 3')).toBeTruthy();
    expect(within(confirm).getByText('Question 3 of 3')).toBeTruthy();
    expect(within(confirm).queryByText('Question 2 of 3')).toBeNull();
    fireEvent.click(within(confirm).getByTestId('take-confirm-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/my/attempts/41/submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/test/attempt/41'));
  });

  it('keeps answers while offline and sends them again when the connection is back, also after a reload', async () => {
    let online = false;
    const put = vi.spyOn(http, 'put').mockImplementation((async (_url: string, body: { seq: number }) => {
      if (!online) throw new ApiError(0, null, 'Network error');
      return { data: { position: 1, seq: body.seq, saved: true } };
    }) as never);
    vi.spyOn(http, 'post').mockResolvedValue({ data: { now: new Date().toISOString() } });
    const first = renderPage(<AttemptScreen attempt={attempt()} holder="tab-test-1" onElsewhere={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Altı'));
    await waitFor(() => expect(screen.getByTestId('take-save-status').dataset.status).toBe('offline'));
    // The page reloads while offline: the server still holds nothing, the answer comes back from this device.
    first.unmount();
    renderPage(<AttemptScreen attempt={attempt()} holder="tab-test-1" onElsewhere={() => undefined} />);
    expect((screen.getByLabelText('Altı') as HTMLInputElement).checked).toBe(true);
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() =>
      expect(put).toHaveBeenLastCalledWith('api/my/attempts/41/answers/1', {
        answer: { type: 'single', key: 'a' },
        seq: 1,
        holder: 'tab-test-1',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('take-save-status').dataset.status).toBe('saved'));
    expect(window.localStorage.getItem('kampus.exam.41.pending')).toBeNull();
  });

  it('blocks copy and the context menu when the exam says so', () => {
    vi.spyOn(http, 'post').mockResolvedValue({ data: { now: new Date().toISOString() } });
    renderPage(<AttemptScreen attempt={attempt()} holder="tab-test-1" onElsewhere={() => undefined} />);
    const screenNode = screen.getByTestId('take-screen');
    expect(fireEvent.copy(screenNode)).toBe(false);
    expect(fireEvent.contextMenu(screenNode)).toBe(false);
  });
});

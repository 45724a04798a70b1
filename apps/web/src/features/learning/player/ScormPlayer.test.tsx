import type { ContentProgress } from '@kampus/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { providers } from '../../../../test/render.js';
import ScormSlot, { ScormPlayer } from './ScormPlayer.js';
import { resumeData, sessionId, startScormRuntime } from './scorm-runtime.js';

/** The calls of both editions a package makes on the runtime it finds. */
type ScormCalls = Record<
  | 'LMSInitialize'
  | 'LMSGetValue'
  | 'LMSSetValue'
  | 'LMSCommit'
  | 'LMSFinish'
  | 'Initialize'
  | 'GetValue'
  | 'SetValue'
  | 'Commit'
  | 'Terminate',
  (...args: string[]) => string
>;
type ScormWindow = Window & { API?: ScormCalls; API_1484_11?: ScormCalls };
const scormWindow = window as ScormWindow;

const progress = (score: number | null): ContentProgress => ({
  status: 'completed',
  progress: 100,
  watched_ranges: [],
  furthest_second: 0,
  position: 0,
  pages_seen: [],
  time_spent_seconds: 12,
  score,
  success: 'passed',
  started_at: '2026-11-26T08:00:00.000Z',
  completed_at: '2026-11-26T08:00:12.000Z',
  version: 1,
});

interface SentCommit {
  url: string;
  keepalive: boolean;
  body: { session: string; seq: number; cmi: { cmi: Record<string, unknown> } };
}

let sent: SentCommit[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  answer = () => new Response(JSON.stringify({ data: progress(85) }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, keepalive: init.keepalive === true, body: JSON.parse(String(init.body)) });
      return answer();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPlayer(props: Partial<Parameters<typeof ScormPlayer>[0]> = {}) {
  const onProgress = vi.fn();
  const Providers = providers();
  const view = render(
    <Providers>
      <ScormPlayer
        contentId={7}
        launchUrl="/api/scorm/3/1.9999999999.sig/index.html"
        version="1.2"
        cmi={null}
        preview={false}
        onProgress={onProgress}
        {...props}
      />
    </Providers>,
  );
  return { ...view, onProgress };
}

describe('ScormPlayer', () => {
  it('puts the 1.2 runtime on window.API before the frame loads, and commits what the package sets', async () => {
    const { onProgress, unmount } = renderPlayer();
    const frame = await screen.findByTitle('SCORM lesson');
    const api = scormWindow.API;
    expect(api).toBeDefined();
    expect(frame.getAttribute('src')).toBe('/api/scorm/3/1.9999999999.sig/index.html');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts allow-same-origin');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');

    act(() => {
      expect(api?.LMSInitialize('')).toBe('true');
      api?.LMSSetValue('cmi.core.score.raw', '85');
      api?.LMSSetValue('cmi.core.lesson_status', 'passed');
      api?.LMSSetValue('cmi.suspend_data', 'answers=2,1,0');
      expect(api?.LMSCommit('')).toBe('true');
    });
    await waitFor(() => expect(onProgress).toHaveBeenCalledWith(progress(85)));
    const [commit] = sent;
    expect(commit?.url).toBe('/api/contents/7/scorm');
    expect(commit?.body.seq).toBe(0);
    expect(commit?.body.session).toMatch(/^[0-9a-f-]{36}$/);
    expect(commit?.body.cmi.cmi).toMatchObject({
      core: { lesson_status: 'passed', score: { raw: '85' } },
      suspend_data: 'answers=2,1,0',
    });

    act(() => {
      api?.LMSFinish('');
    });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.keepalive).toBe(true);
    expect(sent[1]?.body.seq).toBe(1);
    unmount();
    expect(scormWindow.API).toBeUndefined();
  });

  it('resumes from the saved CMI data: suspend_data, location, entry resume', async () => {
    const saved = {
      cmi: {
        core: {
          lesson_status: 'incomplete',
          lesson_location: 'quiz',
          exit: 'suspend',
          session_time: '00:01:00',
          score: { raw: '', min: '', max: '' },
        },
        suspend_data: '{"answers":[2,-1,-1]}',
      },
    };
    const { unmount } = renderPlayer({ cmi: saved });
    await screen.findByTitle('SCORM lesson');
    const api = scormWindow.API;
    act(() => {
      api?.LMSInitialize('');
    });
    expect(api?.LMSGetValue('cmi.suspend_data')).toBe('{"answers":[2,-1,-1]}');
    expect(api?.LMSGetValue('cmi.core.lesson_location')).toBe('quiz');
    expect(api?.LMSGetValue('cmi.core.lesson_status')).toBe('incomplete');
    expect(api?.LMSGetValue('cmi.core.entry')).toBe('resume');
    unmount();
  });

  it('runs a 2004 package on window.API_1484_11 and saves on Terminate', async () => {
    const { onProgress, unmount } = renderPlayer({ version: '2004' });
    await screen.findByTitle('SCORM lesson', {}, { timeout: 5000 });
    const api = scormWindow.API_1484_11;
    expect(scormWindow.API).toBeUndefined();
    act(() => {
      expect(api?.Initialize('')).toBe('true');
      api?.SetValue('cmi.score.scaled', '0.9');
      api?.SetValue('cmi.completion_status', 'completed');
      api?.SetValue('cmi.success_status', 'passed');
      api?.SetValue('cmi.location', 'end');
      api?.Terminate('');
    });
    await waitFor(() => expect(onProgress).toHaveBeenCalled());
    expect(sent.at(-1)?.body.cmi.cmi).toMatchObject({
      completion_status: 'completed',
      success_status: 'passed',
      location: 'end',
      score: { scaled: '0.9' },
    });
    unmount();
    expect(scormWindow.API_1484_11).toBeUndefined();
  });

  it('sends nothing in preview, where the package runs in browse mode', async () => {
    const { unmount } = renderPlayer({ preview: true });
    await screen.findByTitle('SCORM lesson');
    const api = scormWindow.API;
    act(() => {
      api?.LMSInitialize('');
      expect(api?.LMSGetValue('cmi.core.lesson_mode')).toBe('browse');
      api?.LMSSetValue('cmi.core.lesson_status', 'passed');
      api?.LMSCommit('');
      api?.LMSFinish('');
    });
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
  });

  it('says when a save failed, and sends the data again with the next save', async () => {
    answer = () => new Response(JSON.stringify({ message: 'down' }), { status: 503 });
    const { onProgress, unmount } = renderPlayer();
    await screen.findByTitle('SCORM lesson');
    const api = scormWindow.API;
    act(() => {
      api?.LMSInitialize('');
      api?.LMSSetValue('cmi.core.lesson_location', 'page-2');
      api?.LMSCommit('');
    });
    expect(await screen.findByTestId('scorm-save-failed')).toBeTruthy();
    answer = () => new Response(JSON.stringify({ data: progress(null) }), { status: 200 });
    act(() => {
      api?.LMSCommit('');
    });
    await waitFor(() => expect(screen.queryByTestId('scorm-save-failed')).toBeNull());
    expect(onProgress).toHaveBeenCalledWith(progress(null));
    expect(sent.at(-1)?.body.cmi.cmi).toMatchObject({ core: { lesson_location: 'page-2' } });
    unmount();
  });
});

describe("ScormSlot (the player page's lazy SCORM slot)", () => {
  const data = (scorm: { version: '1.2' | '2004'; launch_url: string } | null) =>
    ({
      content: { id: 9, scorm },
      progress: null,
      cmi: { cmi: { suspend_data: 'saved' } },
      preview: false,
    }) as unknown as Parameters<typeof ScormSlot>[0]['data'];

  it('plays the package of the player answer, resumed from its saved data, and hands its progress on', async () => {
    const Providers = providers();
    const accept = vi.fn();
    const { unmount } = render(
      <Providers>
        <ScormSlot data={data({ version: '1.2', launch_url: '/api/scorm/4/t/index.html' })} channel={{ accept }} />
      </Providers>,
    );
    expect((await screen.findByTitle('SCORM lesson')).getAttribute('src')).toBe('/api/scorm/4/t/index.html');
    act(() => {
      scormWindow.API?.LMSInitialize('');
    });
    expect(scormWindow.API?.LMSGetValue('cmi.suspend_data')).toBe('saved');
    act(() => {
      scormWindow.API?.LMSCommit('');
    });
    await waitFor(() => expect(accept).toHaveBeenCalledWith(progress(85)));
    unmount();
  });

  it('renders nothing for a content that is not a package', () => {
    const Providers = providers();
    const { container } = render(
      <Providers>
        <ScormSlot data={data(null)} />
      </Providers>,
    );
    expect(container.querySelector('iframe')).toBeNull();
  });
});

describe('resumeData', () => {
  it('leaves out what a session writes for the LMS alone and says whether the attempt resumes', () => {
    expect(resumeData('1.2', null)).toBeNull();
    expect(resumeData('1.2', { cmi: 'nonsense' })).toBeNull();
    expect(resumeData('2004', { cmi: { exit: 'suspend', session_time: 'PT1M', location: '3' } })).toEqual({
      cmi: { entry: 'resume', location: '3' },
    });
    expect(resumeData('2004', { cmi: { exit: 'normal', location: '3' } })).toEqual({
      cmi: { entry: '', location: '3' },
    });
    expect(resumeData('1.2', { cmi: { core: { exit: '', lesson_location: 'x' } } })).toEqual({
      cmi: { core: { entry: '', lesson_location: 'x' } },
    });
  });
});

describe('startScormRuntime', () => {
  it('saves on its interval what the package set without committing, once, and stops saving when stopped', async () => {
    const send = vi.fn(async () => null);
    const target = new EventTarget() as unknown as Window;
    const runtime = await startScormRuntime(
      {
        version: '2004',
        cmi: null,
        preview: false,
        learner: { id: 5, name: 'Ada', surname: 'Yılmaz' },
        send,
        autosaveMs: 30,
      },
      target,
    );
    const api = (target as unknown as { API_1484_11: ScormCalls }).API_1484_11;
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.learner_name')).toBe('Yılmaz, Ada');
    api.SetValue('cmi.location', 'page-4');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Unchanged data is not sent again.
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]).toMatchObject([{ seq: 0, cmi: { cmi: { location: 'page-4' } } }, false]);
    api.SetValue('cmi.suspend_data', 'half');
    runtime.stop();
    // Stopping sends what is left, as a final save, and takes the API off the window.
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[1]).toMatchObject([{ seq: 1, cmi: { cmi: { suspend_data: 'half' } } }, true]);
    expect((target as unknown as { API_1484_11?: unknown }).API_1484_11).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('sessionId', () => {
  it('is a version 4 UUID, also where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(sessionId()).toMatch(uuid);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(sessionId()).toMatch(uuid);
      expect(sessionId()).not.toBe(sessionId());
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});

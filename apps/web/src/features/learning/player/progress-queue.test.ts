import type { ContentProgress, ProgressReport } from '@kampus/shared';
import { describe, expect, it, vi } from 'vitest';
import { ProgressReporter, queueKey, type ReportBody, type ReportStore, type SendReport } from './progress-queue.js';

const progress = (value: number): ContentProgress => ({
  status: value >= 100 ? 'completed' : 'in_progress',
  progress: value,
  watched_ranges: [],
  furthest_second: 0,
  position: 0,
  pages_seen: [],
  time_spent_seconds: 0,
  score: null,
  success: null,
  started_at: null,
  completed_at: null,
  version: 1,
});

function memoryStore(): ReportStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** A server that dedups by (session, seq) like the real one, and can be switched off. */
function fakeServer() {
  const seen = new Set<string>();
  const received: ProgressReport[] = [];
  const state = { online: true, status: 0 };
  const send: SendReport = vi.fn(async (report: ProgressReport) => {
    if (!state.online) throw Object.assign(new Error('offline'), { status: state.status });
    const id = `${report.session}:${report.seq}`;
    if (!seen.has(id)) {
      seen.add(id);
      received.push(report);
    }
    return progress(received.length * 10);
  });
  return { send, received, state };
}

const video = (from: number, to: number): ReportBody => ({
  kind: 'video',
  ranges: [[from, to]],
  position: to,
  duration: 100,
});

describe('the progress reporter', () => {
  const key = queueKey(7, 3);
  const session = '00000000-0000-4000-8000-000000000001';

  it('sends each report with the session and an incrementing number, and hands the answer on', async () => {
    const server = fakeServer();
    const onProgress = vi.fn();
    const reporter = new ProgressReporter({ key, session, send: server.send, store: memoryStore(), onProgress });
    await reporter.report(video(0, 5));
    await reporter.report(video(5, 10));
    expect(server.received.map((r) => [r.session, r.seq])).toEqual([
      [session, 0],
      [session, 1],
    ]);
    expect(onProgress).toHaveBeenLastCalledWith(expect.objectContaining({ progress: 20 }));
    expect(reporter.queued()).toEqual([]);
  });

  it('keeps reports in storage while the connection is lost and replays them in order when it returns', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const reporter = new ProgressReporter({ key, session, send: server.send, store });
    await reporter.report(video(0, 5));
    server.state.online = false;
    await reporter.report(video(5, 10));
    await reporter.report(video(10, 15));
    expect(reporter.queued().map((r) => r.seq)).toEqual([1, 2]);
    expect(JSON.parse(store.data.get(key)!)).toHaveLength(2);
    server.state.online = true;
    await reporter.flush();
    expect(server.received.map((r) => r.seq)).toEqual([0, 1, 2]);
    expect(store.data.has(key)).toBe(false);
  });

  it('replays what an earlier page load left, with its own session, before the new reports', async () => {
    const server = fakeServer();
    const store = memoryStore();
    server.state.online = false;
    const earlier = new ProgressReporter({ key, session, send: server.send, store });
    await earlier.report(video(0, 5));
    server.state.online = true;
    const next = new ProgressReporter({
      key,
      session: '00000000-0000-4000-8000-000000000002',
      send: server.send,
      store,
    });
    await next.report(video(5, 8));
    expect(server.received.map((r) => [r.session.slice(-1), r.seq])).toEqual([
      ['1', 0],
      ['2', 0],
    ]);
  });

  it('keeps the queue on a server error too, and drops a report the server refuses for good', async () => {
    const server = fakeServer();
    const reporter = new ProgressReporter({
      key,
      session,
      send: server.send,
      store: memoryStore(),
      log: { warn() {} },
    });
    server.state.online = false;
    server.state.status = 503;
    await reporter.report(video(0, 5));
    expect(reporter.queued()).toHaveLength(1);
    server.state.status = 422;
    await reporter.flush();
    expect(reporter.queued()).toHaveLength(0);
  });

  it('is safe to replay twice: a report that arrived but whose answer was lost counts once', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const reporter = new ProgressReporter({ key, session, send: server.send, store });
    // The leave path sends with keepalive without waiting; the next flush sends the same report again.
    reporter.leave(video(0, 5));
    await reporter.flush();
    await vi.waitFor(() => expect(reporter.queued()).toEqual([]));
    expect(server.received).toHaveLength(1);
    expect(
      vi
        .mocked(server.send)
        .mock.calls.map(([, o]) => o.keepalive)
        .sort(),
    ).toEqual([false, true]);
  });

  it('keeps each person’s and each content’s queue apart', () => {
    expect(queueKey(7, 3)).not.toBe(queueKey(8, 3));
    expect(queueKey(7, 3)).not.toBe(queueKey(7, 4));
  });
});

import { describe, expect, it, vi } from 'vitest';
import { AnswerQueue, type PendingSave, type QueueStorage, type SendResult } from './answer-queue.js';

function memory(): QueueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('AnswerQueue: the taking screen’s saves', () => {
  it('sends in order with rising seqs and keeps only the latest change per question', async () => {
    const sent: [number, PendingSave][] = [];
    const queue = new AnswerQueue({
      attemptId: 1,
      storage: memory(),
      send: async (position, save) => {
        sent.push([position, save]);
        return { ok: true, seq: save.seq };
      },
    });
    queue.know(1, 3);
    queue.put(1, { type: 'single', key: 'a' });
    queue.put(2, { type: 'true_false', value: true });
    queue.put(1, { type: 'single', key: 'b' });
    await queue.flush();
    expect(sent[0]).toEqual([1, { answer: { type: 'single', key: 'a' }, seq: 4 }]);
    expect(sent.at(-1)?.[1].seq).toBeGreaterThanOrEqual(1);
    expect(sent.filter(([p]) => p === 1).at(-1)).toEqual([1, { answer: { type: 'single', key: 'b' }, seq: 5 }]);
    expect(queue.size).toBe(0);
    expect(queue.current).toBe('saved');
  });

  it('goes offline, keeps the answers in storage across a reload, and replays them when the server answers again', async () => {
    vi.useFakeTimers();
    const storage = memory();
    let online = false;
    const server = new Map<number, PendingSave>();
    const send = async (position: number, save: PendingSave): Promise<SendResult> => {
      if (!online) return { ok: false, retry: true };
      const held = server.get(position);
      if (!held || held.seq < save.seq) server.set(position, save);
      return { ok: true, seq: server.get(position)?.seq ?? save.seq };
    };
    const statuses: string[] = [];
    const first = new AnswerQueue({ attemptId: 7, storage, send, onStatus: (s) => statuses.push(s) });
    first.put(1, { type: 'numeric', value: 3 });
    first.put(2, { type: 'open', text: 'metin' });
    await first.flush();
    expect(statuses).toContain('offline');
    first.dispose();
    // The page reloads while offline: the new queue reads what was not confirmed.
    const second = new AnswerQueue({ attemptId: 7, storage, send, retryMs: 10 });
    expect([...second.unsent().keys()]).toEqual([1, 2]);
    second.know(1, 0);
    online = true;
    await second.flush();
    expect(server.get(1)).toEqual({ answer: { type: 'numeric', value: 3 }, seq: 1 });
    expect(server.get(2)).toEqual({ answer: { type: 'open', text: 'metin' }, seq: 1 });
    expect(storage.data.size).toBe(0);
    vi.useRealTimers();
  });

  it('stops on a refusal and says why', async () => {
    const onStatus = vi.fn();
    const queue = new AnswerQueue({
      attemptId: 2,
      storage: null,
      send: async () => ({ ok: false, retry: false, status: 409, message: 'Süre doldu' }),
      onStatus,
    });
    queue.put(1, null);
    await queue.flush();
    expect(onStatus).toHaveBeenLastCalledWith('stopped', { status: 409, message: 'Süre doldu' });
  });
});

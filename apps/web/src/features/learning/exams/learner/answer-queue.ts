import type { QuestionAnswer } from '@kampus/shared';

/** Where the taking screen's save queue stands, for its indicator. */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'stopped';

export interface PendingSave {
  answer: QuestionAnswer | null;
  seq: number;
}

/** What a send answers: the seq the server holds, or the failure that decides what happens next. */
export type SendResult =
  | { ok: true; seq: number }
  /** No answer (offline, the server away, a 5xx): kept and sent again. */
  | { ok: false; retry: true }
  /** Refused for good (time up, submitted, another tab, a bad answer): the queue stops and says why. */
  | { ok: false; retry: false; status: number; message: string };

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface AnswerQueueOptions {
  attemptId: number;
  send(position: number, save: PendingSave): Promise<SendResult>;
  storage?: QueueStorage | null;
  onStatus?(status: SaveStatus, stop?: { status: number; message: string }): void;
  /** Milliseconds before the first retry; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

const keyOf = (attemptId: number) => `kampus.exam.${attemptId}.pending`;

/**
 * The taking screen's answers on their way to the server. Each change gets the question's next seq and is written to
 * storage before it is sent, so a lost connection, a reload or a closed tab loses nothing that was given: the queue
 * keeps the latest change per question, sends in the order given, drops an entry only when the server holds its seq
 * (or a higher one), and sends again after a failure (backoff, and at once when the browser is back online). The
 * server ignores a seq not above the one it holds, so sending twice is harmless.
 */
export class AnswerQueue {
  private pending = new Map<number, PendingSave>();
  private seqs = new Map<number, number>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delay: number;
  private stoppedWith: { status: number; message: string } | null = null;
  private status: SaveStatus = 'saved';
  private readonly storage: QueueStorage | null;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;

  constructor(private readonly options: AnswerQueueOptions) {
    this.storage = options.storage === undefined ? safeLocalStorage() : options.storage;
    this.retryMs = options.retryMs ?? 1000;
    this.maxRetryMs = options.maxRetryMs ?? 15_000;
    this.delay = this.retryMs;
    for (const [position, save] of this.read()) {
      this.pending.set(position, save);
      this.seqs.set(position, save.seq);
    }
  }

  /** The server's seqs when the attempt was loaded: later changes continue above them. */
  know(position: number, serverSeq: number): void {
    const local = this.pending.get(position);
    if (local && local.seq <= serverSeq) this.pending.delete(position);
    this.seqs.set(position, Math.max(serverSeq, this.seqs.get(position) ?? 0));
    this.write();
  }

  /** Answers given here that the server did not confirm yet (a reload shows them over the server's). */
  unsent(): Map<number, PendingSave> {
    return new Map(this.pending);
  }

  get size(): number {
    return this.pending.size;
  }

  get current(): SaveStatus {
    return this.status;
  }

  /** Queues the answer to a question and starts sending. Answers the seq it was given. */
  put(position: number, answer: QuestionAnswer | null): number {
    const seq = (this.seqs.get(position) ?? 0) + 1;
    this.seqs.set(position, seq);
    // Re-inserted so a later change goes after the others in the sending order.
    this.pending.delete(position);
    this.pending.set(position, { answer, seq });
    this.write();
    void this.flush();
    return seq;
  }

  /** Sends now (after a reconnect, before submitting); resolves when nothing is left or sending failed. */
  flush(): Promise<void> {
    if (this.stoppedWith) return Promise.resolve();
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.running) {
      // A drain is on its way (perhaps past its last look at the queue): it goes round once more.
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.drain();
      } while (this.again && !this.timer && !this.stoppedWith);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops retrying (the page leaves); what is unsent stays in storage for the next visit (or the next flush). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Forgets the attempt's stored answers (submitted). */
  clear(): void {
    this.pending.clear();
    this.storage?.removeItem(keyOf(this.options.attemptId));
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0 && !this.stoppedWith) {
      const [position, save] = this.pending.entries().next().value as [number, PendingSave];
      this.setStatus(this.status === 'offline' ? 'offline' : 'saving');
      const result = await this.options.send(position, save);
      if (result.ok) {
        this.delay = this.retryMs;
        const now = this.pending.get(position);
        if (now && now.seq <= result.seq) this.pending.delete(position);
        this.write();
        continue;
      }
      if (result.retry) {
        this.setStatus('offline');
        this.timer = setTimeout(() => void this.flush(), this.delay);
        this.delay = Math.min(this.delay * 2, this.maxRetryMs);
        return;
      }
      this.stoppedWith = { status: result.status, message: result.message };
      this.setStatus('stopped');
      return;
    }
    if (!this.stoppedWith) this.setStatus('saved');
  }

  private setStatus(status: SaveStatus) {
    if (status === this.status && status !== 'stopped') return;
    this.status = status;
    this.options.onStatus?.(status, this.stoppedWith ?? undefined);
  }

  private read(): [number, PendingSave][] {
    try {
      const raw = this.storage?.getItem(keyOf(this.options.attemptId));
      const parsed = raw ? (JSON.parse(raw) as [number, PendingSave][]) : [];
      return Array.isArray(parsed) ? parsed.filter((entry) => Array.isArray(entry) && entry.length === 2) : [];
    } catch {
      return [];
    }
  }

  private write() {
    try {
      if (this.pending.size === 0) this.storage?.removeItem(keyOf(this.options.attemptId));
      else this.storage?.setItem(keyOf(this.options.attemptId), JSON.stringify([...this.pending.entries()]));
    } catch {
      // A full or blocked storage: the answers still go, only a reload in that state could lose them.
    }
  }
}

function safeLocalStorage(): QueueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

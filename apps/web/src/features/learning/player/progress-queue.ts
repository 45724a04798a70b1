import type { ContentProgress, ProgressReport } from '@kampus/shared';

/** A report as the player writes it: the reporter adds the session and the running number. */
export type ReportBody = ProgressReport extends infer R
  ? R extends unknown
    ? Omit<R, 'session' | 'seq'>
    : never
  : never;

/** Where unsent reports wait (localStorage in the browser, a map in tests). */
export type ReportStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Sends one report; `keepalive` when the page may be gone before the answer (leaving, hidden). */
export type SendReport = (report: ProgressReport, options: { keepalive: boolean }) => Promise<ContentProgress>;

/** At most this many reports wait (about 80 minutes of heartbeats): past it the oldest give way. */
export const QUEUE_MAX = 1000;

/** The storage key of one person's unsent reports of one content. */
export const queueKey = (userId: number | string, contentId: number | string) =>
  `kampus.progress.${userId}.${contentId}`;

/** A failure worth trying again: no answer, a server error, a timeout or throttling. Others would fail forever. */
export function isTransient(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0 || status >= 500 || status === 408 || status === 429;
}

interface ReporterOptions {
  key: string;
  /** This page load's player session (a UUID); with `seq` it makes a report's identity, so a replay counts once. */
  session: string;
  send: SendReport;
  store: ReportStore;
  /** The server's answer to a report: it drives the progress bar and the completed state. */
  onProgress?(progress: ContentProgress): void;
  log?: Pick<Console, 'warn'>;
}

/**
 * The player's reports to the server, in order, through a queue kept in storage: a report that cannot be sent
 * (offline, a server error) waits there and is sent again, in order and with its own session and number, on the next
 * report, when the connection returns (`online`) or when the content is opened again. The server ignores a
 * (session, seq) it has seen, so sending one twice is harmless; a report the server refuses (4xx) is dropped.
 */
export class ProgressReporter {
  private seq = 0;
  private flushing: Promise<void> | null = null;

  constructor(private readonly options: ReporterOptions) {}

  /** The reports waiting, oldest first (from storage: other tabs and earlier visits included). */
  queued(): ProgressReport[] {
    try {
      const raw = this.options.store.getItem(this.options.key);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as ProgressReport[]) : [];
    } catch {
      return [];
    }
  }

  private save(queue: ProgressReport[]): void {
    try {
      if (queue.length === 0) this.options.store.removeItem(this.options.key);
      else this.options.store.setItem(this.options.key, JSON.stringify(queue.slice(-QUEUE_MAX)));
    } catch {
      // A full or blocked storage loses the queue, not the page: the report is still tried once now.
    }
  }

  private enqueue(body: ReportBody): ProgressReport {
    const report = { ...body, session: this.options.session, seq: this.seq++ } as ProgressReport;
    this.save([...this.queued(), report]);
    return report;
  }

  private remove(report: ProgressReport): void {
    this.save(this.queued().filter((item) => !(item.session === report.session && item.seq === report.seq)));
  }

  /** Queues a report and sends everything waiting. */
  report(body: ReportBody): Promise<void> {
    this.enqueue(body);
    return this.flush();
  }

  /** Sends the waiting reports one after another, oldest first; stops at the first that cannot be sent now. */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const next = this.queued()[0];
      if (!next) return;
      try {
        const progress = await this.options.send(next, { keepalive: false });
        this.remove(next);
        this.options.onProgress?.(progress);
      } catch (error) {
        if (isTransient(error)) return;
        (this.options.log ?? console).warn('progress report refused', error);
        this.remove(next);
      }
    }
  }

  /**
   * The page is going away (or hidden, and may be killed): queues the last report and sends everything waiting with
   * `keepalive`, without waiting for the answers. What arrives is removed from the queue if the page still lives to
   * hear it; the rest is sent again the next time, where the server's dedup makes it count once.
   */
  leave(body?: ReportBody): void {
    if (body) this.enqueue(body);
    for (const report of this.queued()) {
      this.options.send(report, { keepalive: true }).then(
        (progress) => {
          this.remove(report);
          this.options.onProgress?.(progress);
        },
        () => undefined,
      );
    }
  }
}

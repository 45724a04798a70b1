import type { ContentProgress } from '@kampus/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSessionUser } from '../../../lib/session.js';
import { sendProgress } from './api.js';
import { ProgressReporter, queueKey, type ReportBody } from './progress-queue.js';

export interface ProgressChannel {
  /** The server's latest word on the learner's progress (null in a preview, which records nothing). */
  progress: ContentProgress | null;
  /** Sends a report (queued when it cannot be sent now). A preview sends nothing. */
  report(body: ReportBody): void;
  /** The page is leaving or hidden: the last report goes out with keepalive. */
  leave(body?: ReportBody): void;
  /** Whether reports are recorded at all. */
  recording: boolean;
  /** A progress the server answered to a call the channel did not make (a SCORM commit): the page shows it. */
  accept(progress: ContentProgress): void;
}

/** A version 4 UUID; `crypto.randomUUID` exists only in secure contexts (a plain-http host has none). */
export function playerSessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const browserStore = () => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * One reporter per player page load: a new session id, the queue of this person and content, replayed at once (what
 * an earlier visit could not send) and whenever the connection returns.
 */
export function useProgressReporter(
  contentId: number,
  initial: ContentProgress | null,
  recording: boolean,
): ProgressChannel {
  const userId = useSessionUser()?.id ?? null;
  const [progress, setProgress] = useState<ContentProgress | null>(initial);
  const setRef = useRef(setProgress);
  setRef.current = setProgress;

  const reporter = useMemo(() => {
    const store = browserStore();
    if (!recording || !store || userId === null) return null;
    return new ProgressReporter({
      key: queueKey(userId, contentId),
      session: playerSessionId(),
      store,
      send: (report, options) => sendProgress(contentId, report, options),
      onProgress: (next) => setRef.current(next),
    });
  }, [contentId, recording, userId]);

  useEffect(() => {
    if (!reporter) return;
    void reporter.flush();
    const online = () => void reporter.flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [reporter]);

  // Stable while the reporter is: a player's effects depend on them and must not re-run on every answer.
  const report = useCallback((body: ReportBody) => void reporter?.report(body), [reporter]);
  const leave = useCallback((body?: ReportBody) => reporter?.leave(body), [reporter]);
  return useMemo(
    () => ({ progress, recording: reporter !== null, report, leave, accept: setProgress }),
    [progress, reporter, report, leave],
  );
}

import type { ContentProgress, ScormVersion } from '@kampus/shared';
import type { IHttpService, Scorm12API, Scorm2004API, Settings } from 'scorm-again';

/**
 * The SCORM runtime the player puts on its window before the package's frame loads: scorm-again's API for the
 * edition (window.API for 1.2, window.API_1484_11 for 2004, where packages look for it on their parent), started
 * from the CMI data saved so far so a learner resumes where they left off, and committing what the package sets to
 * the server on its commits, on an interval and when it finishes.
 */

export type ScormApi = Scorm12API | Scorm2004API;
export type CmiData = Record<string, unknown>;

/** What a commit sends; the runtime numbers them so a replay after a lost answer changes nothing twice. */
export interface ScormCommit {
  session: string;
  seq: number;
  cmi: CmiData;
}

export interface ScormRuntimeOptions {
  version: ScormVersion;
  /** The CMI data the server holds (as this runtime committed it), or null on a first visit. */
  cmi: CmiData | null;
  /** Preview: the package runs in browse mode and nothing is sent. */
  preview: boolean;
  learner: { id: number; name: string; surname: string } | null;
  /** Sends one commit; `finishing` when the page may be going away (the request must outlive it). */
  send(commit: ScormCommit, finishing: boolean): Promise<ContentProgress | null>;
  onSaved?(progress: ContentProgress): void;
  /** Whether the latest data is on the server: false after a failed commit until one succeeds. */
  onSaveState?(saved: boolean): void;
  /** How often the data is saved while the package runs, even when it never commits; 0: never. */
  autosaveMs?: number;
}

export interface ScormRuntime {
  api: ScormApi;
  /** Sends the data when it changed since the last commit (the interval's and the page's last save). */
  flush(finishing?: boolean): Promise<void>;
  /** Saves what is left and takes the API off the window. */
  stop(): void;
}

const API_NAME = { '1.2': 'API', '2004': 'API_1484_11' } as const;
/** Any string: commits go through the player's own service below, never to this address. */
const COMMIT_URL = 'kampus:scorm-commit';
export const SCORM_AUTOSAVE_MS = 30_000;

type ScormWindow = Window & { API?: ScormApi; API_1484_11?: ScormApi };

async function apiClassOf(version: ScormVersion): Promise<new (settings: Settings) => ScormApi> {
  // Each edition is its own chunk: 2004's sequencing engine is five times 1.2's runtime.
  if (version === '1.2') {
    const module = (await import('scorm-again/scorm12')) as unknown as { Scorm12API: new (s: Settings) => Scorm12API };
    return module.Scorm12API;
  }
  const module = (await import('scorm-again/scorm2004')) as unknown as {
    Scorm2004API: new (s: Settings) => Scorm2004API;
  };
  return module.Scorm2004API;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The saved data to start from: the elements a session writes for the LMS alone (exit, session time) are left out,
 * and entry says whether the learner resumes a suspended attempt (SCORM RTE: "resume" only after exit "suspend").
 */
export function resumeData(version: ScormVersion, saved: CmiData | null): CmiData | null {
  const cmi = isObject(saved?.cmi) ? structuredClone(saved.cmi) : null;
  if (!cmi) return null;
  if (version === '1.2') {
    const core = isObject(cmi.core) ? cmi.core : {};
    const suspended = core.exit === 'suspend';
    delete core.exit;
    delete core.session_time;
    core.entry = suspended ? 'resume' : '';
    cmi.core = core;
  } else {
    const suspended = cmi.exit === 'suspend';
    delete cmi.exit;
    delete cmi.session_time;
    cmi.entry = suspended ? 'resume' : '';
  }
  return { cmi };
}

/** Who the learner is and in which mode the package runs, as the LMS tells it before Initialize. */
function launchData(options: ScormRuntimeOptions): CmiData {
  const { version, preview, learner } = options;
  const name = learner ? `${learner.surname}, ${learner.name}` : '';
  const id = learner ? String(learner.id) : '';
  const mode = preview ? 'browse' : 'normal';
  const credit = preview ? 'no-credit' : 'credit';
  if (version === '1.2') {
    return { cmi: { core: { student_id: id, student_name: name, lesson_mode: mode, credit } } };
  }
  return { cmi: { learner_id: id, learner_name: name, mode, credit } };
}

/** A version 4 UUID; `crypto.randomUUID` exists only in secure contexts, and a company may be served over plain http. */
export function sessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Commits in order, the newest data winning: while one is on its way, a newer one waits and replaces any older
 * waiting one (a full commit carries everything); a failed one is sent again with its number on the next save.
 */
function commitQueue(options: ScormRuntimeOptions) {
  const session = sessionId();
  let seq = 0;
  let waiting: { commit: ScormCommit; finishing: boolean } | null = null;
  let sending: Promise<void> | null = null;
  let lastSent = '';

  async function drain(): Promise<void> {
    while (waiting) {
      const next = waiting;
      waiting = null;
      try {
        const progress = await options.send(next.commit, next.finishing);
        lastSent = JSON.stringify(next.commit.cmi);
        options.onSaveState?.(true);
        if (progress) options.onSaved?.(progress);
      } catch {
        // Kept for the next save unless something newer came meanwhile.
        waiting ??= next;
        options.onSaveState?.(false);
        return;
      }
    }
  }

  return {
    push(cmi: CmiData, finishing: boolean, onlyWhenChanged = false): Promise<void> {
      if (options.preview) return Promise.resolve();
      if (onlyWhenChanged && !waiting && JSON.stringify(cmi) === lastSent) return sending ?? Promise.resolve();
      waiting = { commit: { session, seq: seq++, cmi }, finishing };
      sending ??= drain().finally(() => {
        sending = null;
      });
      return sending;
    },
  };
}

/** Creates the runtime for the edition and puts it on the window; the frame may load once this resolves. */
export async function startScormRuntime(options: ScormRuntimeOptions, target: Window = window): Promise<ScormRuntime> {
  const ApiClass = await apiClassOf(options.version);
  const queue = commitQueue(options);

  // scorm-again hands every commit (Commit, autocommit, Terminate) to this service with the rendered CMI.
  const httpService: IHttpService = {
    processHttpRequest(_url, params, immediate) {
      void queue.push(params as CmiData, immediate);
      return { result: 'true', errorCode: 0 };
    },
    updateSettings() {},
  };
  const api = new ApiClass({
    lmsCommitUrl: COMMIT_URL,
    httpService,
    dataCommitFormat: 'json',
    sendFullCommit: true,
    alwaysSendTotalTime: true,
    autocommit: false,
    // LogLevelEnum.NONE: a package's own mistakes are not the learner's console's business.
    logLevel: 5,
  });
  api.loadFromJSON(launchData(options));
  const resume = resumeData(options.version, options.cmi);
  if (resume) {
    try {
      api.loadFromJSON(resume);
    } catch {
      // Data an older runtime wrote that this one refuses: the learner starts afresh rather than not at all.
    }
  }

  const current = () => api.renderCommitCMI(false, true) as CmiData;
  const flush = (finishing = false) =>
    api.isInitialized() && !api.isTerminated() ? queue.push(current(), finishing, true) : Promise.resolve();
  const autosave = options.autosaveMs ?? SCORM_AUTOSAVE_MS;
  const timer = autosave > 0 ? setInterval(() => void flush(), autosave) : null;
  const onPageHide = () => void flush(true);
  target.addEventListener('pagehide', onPageHide);

  const scormWindow = target as ScormWindow;
  scormWindow[API_NAME[options.version]] = api;

  return {
    api,
    flush,
    stop() {
      if (timer) clearInterval(timer);
      target.removeEventListener('pagehide', onPageHide);
      void flush(true);
      if (scormWindow[API_NAME[options.version]] === api) delete scormWindow[API_NAME[options.version]];
    },
  };
}

import { type ContentProgress, type PlayerResponse, progressResponseSchema, type ScormVersion } from '@kampus/shared';
import { Alert, Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/api.js';
import { sessionStore } from '../../../lib/session.js';
import { type CmiData, type ScormCommit, startScormRuntime } from './scorm-runtime.js';

export interface ScormPlayerProps {
  contentId: number;
  /** The launch page's signed same-origin address (player response `content.scorm.launch_url`). */
  launchUrl: string;
  version: ScormVersion;
  /** The CMI data saved so far (player response `cmi`), to resume. */
  cmi: CmiData | null;
  /** Preview: the package runs in browse mode and nothing is recorded. */
  preview: boolean;
  onProgress?(progress: ContentProgress): void;
}

/** A keepalive request's body must stay under 64 KB; a larger final commit goes as a plain request. */
const KEEPALIVE_MAX_BYTES = 60_000;

/** PUT api/contents/{id}/scorm; a final one (the page may be closing) is sent with keepalive so it outlives it. */
async function sendCommit(contentId: number, commit: ScormCommit, finishing: boolean): Promise<ContentProgress> {
  const url = `api/contents/${contentId}/scorm`;
  const body = JSON.stringify(commit);
  if (finishing && body.length < KEEPALIVE_MAX_BYTES) {
    const headers = http.headers(url);
    headers.set('Content-Type', 'application/json');
    const response = await fetch(`/${url}`, { method: 'PUT', headers, body, keepalive: true });
    if (!response.ok) throw new Error(`SCORM commit answered ${response.status}`);
    return progressResponseSchema.parse(await response.json()).data;
  }
  // A 403 here (the content was taken away meanwhile) is a failed save, not a reason to leave the lesson.
  const answer = await http.request<{ data: ContentProgress }>('PUT', url, commit, undefined, { forbidden: 'throw' });
  return answer.data;
}

type RuntimeState = 'loading' | 'ready' | 'failed';

/** Room left under the frame, so the page around it (its padding) does not scroll. */
const BOTTOM_GAP_PX = 16;

/**
 * The frame's height: from where it starts down to the bottom of the window, whatever the page above it holds; a
 * package is a full screen of its own. Measured again when the window is resized.
 */
function useViewportHeight(box: RefObject<HTMLElement | null>): string {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const element = box.current;
      if (element) setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [box]);
  return top === null ? '70vh' : `max(360px, calc(100dvh - ${top + BOTTOM_GAP_PX}px))`;
}

/**
 * A SCORM package in a full-size frame, with the scorm-again runtime installed on this window before the frame
 * loads (packages look for window.API / window.API_1484_11 on their parent). Same origin and a sandbox that keeps
 * scripts and same-origin access: see docs/features/learning.md, "SCORM".
 */
export function ScormPlayer({ contentId, launchUrl, version, cmi, preview, onProgress }: ScormPlayerProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<RuntimeState>('loading');
  const [saved, setSaved] = useState(true);
  const [attempt, setAttempt] = useState(0);
  // Read when the runtime starts, so a new progress callback or a refetched answer never restarts the package.
  const latest = useRef({ cmi, onProgress });
  latest.current = { cmi, onProgress };
  const box = useRef<HTMLDivElement>(null);
  const height = useViewportHeight(box);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt starts the runtime again after a failed load
  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | null = null;
    const user = sessionStore.user();
    setState('loading');
    startScormRuntime({
      version,
      cmi: latest.current.cmi,
      preview,
      learner: user ? { id: user.id, name: user.name, surname: user.surname } : null,
      send: (commit, finishing) => sendCommit(contentId, commit, finishing),
      onSaved: (progress) => latest.current.onProgress?.(progress),
      onSaveState: (ok) => {
        if (!stopped) setSaved(ok);
      },
    }).then(
      (runtime) => {
        if (stopped) return runtime.stop();
        stop = () => runtime.stop();
        setState('ready');
      },
      () => {
        if (!stopped) setState('failed');
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [contentId, version, preview, attempt]);

  if (state === 'failed') {
    return (
      <Center h="100%" mih="50vh" p="md">
        <Stack align="center" gap="sm">
          <Text role="alert">{t('scorm.load_failed')}</Text>
          <Button variant="light" onClick={() => setAttempt((n) => n + 1)}>
            {t('scorm.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }

  return (
    <Box ref={box} pos="relative" data-testid="scorm-player">
      {!saved && (
        <Alert color="yellow" role="status" radius={0} py={6} data-testid="scorm-save-failed">
          {t('scorm.save_failed')}
        </Alert>
      )}
      {state === 'loading' ? (
        <Center h={height}>
          <Loader aria-label={t('scorm.loading')} />
        </Center>
      ) : (
        <iframe
          src={launchUrl}
          title={t('scorm.frame_title')}
          // Scripts and same-origin access are what a package needs to find the runtime on this window; no top
          // navigation, so a package cannot take the learner away from the player.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"
          allow="fullscreen; autoplay"
          style={{ display: 'block', width: '100%', height, border: 0 }}
        />
      )}
    </Box>
  );
}

/**
 * The player page's slot for SCORM (ContentPlayer loads `./ScormPlayer.tsx` lazily and renders its default export
 * with the player answer and its progress channel): the package of that answer, resumed from its saved data,
 * recorded unless it is a preview. The progress each commit answers goes to the channel when it takes one.
 */
export default function ScormSlot({
  data,
  channel,
}: {
  data: PlayerResponse['data'];
  channel?: { accept?(progress: ContentProgress): void };
}) {
  const scorm = data.content.scorm;
  if (!scorm) return null;
  return (
    <ScormPlayer
      contentId={data.content.id}
      launchUrl={scorm.launch_url}
      version={scorm.version}
      cmi={data.cmi}
      preview={data.preview}
      onProgress={(progress) => channel?.accept?.(progress)}
    />
  );
}

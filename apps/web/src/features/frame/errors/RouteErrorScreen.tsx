import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PublicLayout } from '../../../app/layouts/PublicLayout.js';
import { CSS_CHUNK_LOAD_FAILED, isChunkLoadError } from '../../../lib/lazy.js';
import { sessionStore } from '../../../lib/session.js';
import { removeShell } from '../../../lib/shell.js';

const reload = () => window.location.reload();

/**
 * Tabler's "refresh" icon (MIT), drawn here: this screen is in the entry, and Tabler's icon runtime would be on every
 * first screen only for it (issue 11).
 */
function RefreshIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4" />
      <path d="M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4" />
    </svg>
  );
}

/** A part of the app did not load (spec §8): after a deployment or a dropped connection a reload fetches it anew. */
function ChunkFailure({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('chunk.title')}>
      <Stack data-testid="chunk-error" data-code={code}>
        <Text>{t(code === CSS_CHUNK_LOAD_FAILED ? 'chunk.css_text' : 'chunk.text')}</Text>
        <Button leftSection={<RefreshIcon />} onClick={reload} data-testid="chunk-reload">
          {t('chunk.reload')}
        </Button>
      </Stack>
    </PublicLayout>
  );
}

/** Any other error while rendering a page: say so, and offer a reload or the way home. */
function RenderFailure() {
  const { t } = useTranslation();
  // A full page load rather than a router link: after an error the app's state is not to be trusted.
  const home = sessionStore.isAuthenticated() ? '/dashboard' : '/';
  return (
    <PublicLayout title={t('chunk.error_title')}>
      <Stack data-testid="route-error">
        <Alert color="danger" role="alert">
          {t('chunk.error_text')}
        </Alert>
        <Group grow>
          <Button leftSection={<RefreshIcon />} onClick={reload}>
            {t('chunk.reload')}
          </Button>
          <Button component="a" href={home} variant="light">
            {t('error_page.go_home')}
          </Button>
        </Group>
      </Stack>
    </PublicLayout>
  );
}

/** The root route's ErrorBoundary: chunk failures get the reload screen, anything else the generic one. */
export function RouteErrorScreen() {
  const error = useRouteError();
  // The error takes the place of the page: the server's first-paint shell of it goes.
  useLayoutEffect(removeShell, []);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return isChunkLoadError(error) ? <ChunkFailure code={error.code} /> : <RenderFailure />;
}

import { Box, Button } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { isMissingItem, NOT_FOUND_MESSAGE } from '../../../lib/resource.js';
import { usePointToasts } from '../../frame/presence/usePointToasts.js';
import { type PlayerData, usePlayerData } from './api.js';
import { PlayerLoading, PlayerMain, TitleBar } from './PlayerFrame.js';
import { PlayerBody, ProgressSummary, usePlayerChannel } from './PlayerView.js';
import { PLAYER_SOURCE_CONTENT } from './paths.js';

/**
 * The education mode in a chunk of its own: the route table names this page's chunks in the sign-in page's entry, and
 * the parts list's would tip it over its budget (e2e/budget.e2e.ts).
 */
const EducationPlayer = lazy(async () => ({ default: (await import('./EducationPlayer.js')).EducationPlayer }));

function Loaded({ data }: { data: PlayerData }) {
  const { channel, answer } = usePlayerChannel(data, false);
  return (
    <>
      {/* The title bar's progress follows the server's answers to the reports (the body's channel). */}
      <TitleBar
        title={data.content.title}
        right={channel.progress ? <ProgressSummary progress={channel.progress} /> : null}
      />
      <PlayerMain>
        <PlayerBody data={data} channel={channel} answer={answer} />
      </PlayerMain>
    </>
  );
}

/** A lone content by its id (`?source=content`: an admin's preview link, the learner's "My content"). */
function ContentMode({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const valid = /^\d{1,10}$/.test(id);
  const query = usePlayerData(id, 'learner', valid);
  const missing = !valid || (query.isError && isMissingItem(query.error));

  useEffect(() => {
    if (missing) navigate('/404', { replace: true, state: { message: NOT_FOUND_MESSAGE } });
  }, [missing, navigate]);

  if (query.data) return <Loaded data={query.data} />;
  return (
    <>
      <TitleBar title={null} />
      <PlayerMain>
        {query.isError && !missing ? (
          <EmptyState
            title={t('player.load_failed')}
            text={query.error instanceof Error ? query.error.message : undefined}
            action={<Button onClick={() => query.refetch()}>{t('player.retry')}</Button>}
            testId="player-error"
          />
        ) : (
          <PlayerLoading />
        )}
      </PlayerMain>
    </>
  );
}

/**
 * /eduction/:id/player (the spec's spelling) and /education/:id/player: the separate full-width player page, outside
 * the dashboard frame (the point toasts still come). The id is an education's (`?part=` picks a part); `?source=content` opens a lone content.
 */
export default function PlayerPage() {
  // Outside the dashboard frame, the page listens to the learner's point channel itself: completing a part is where
  // points are earned (issue 17).
  usePointToasts();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const lone = params.get('source') === PLAYER_SOURCE_CONTENT;
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="player-page">
      {lone ? (
        <ContentMode id={id} />
      ) : (
        <Suspense fallback={<PlayerLoading />}>
          <EducationPlayer id={id} />
        </Suspense>
      )}
    </Box>
  );
}

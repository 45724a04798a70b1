import { ActionIcon, Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { isMissingItem, NOT_FOUND_MESSAGE } from '../../../lib/resource.js';
import { type PlayerData, usePlayerData } from './api.js';
import { PlayerBody, ProgressSummary, usePlayerChannel } from './PlayerView.js';
import { PLAYER_SOURCE_CONTENT } from './paths.js';

/**
 * The width of Mantine's `lg` container, as a plain box: importing Container here made the bundler cut four modules
 * the sign-in page loads (the translation hook, Button, …) out of the entry into files of their own (2 kB more to
 * load; e2e/budget.e2e.ts).
 */
const PAGE_WIDTH = 1140;

/** Back to where the learner came from in the app, else the learner home. */
function useBack() {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router's first entry has the key `default`: nothing of ours to go back to.
  return () => (location.key !== 'default' ? navigate(-1) : navigate('/dashboard'));
}

function TitleBar({ title, data }: { title: string | null; data: PlayerData | undefined }) {
  const { t } = useTranslation();
  const back = useBack();
  return (
    <Paper component="header" radius={0} shadow="xs" px="md" py="sm" pos="sticky" top={0} style={{ zIndex: 10 }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ActionIcon variant="subtle" size="lg" onClick={back} aria-label={t('player.back')} data-testid="player-back">
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
          <Title order={1} fz={{ base: 'md', sm: 'lg' }} lineClamp={1} data-testid="player-title">
            {title ?? ''}
          </Title>
        </Group>
        {data?.progress && <ProgressPanel data={data} />}
      </Group>
    </Paper>
  );
}

/** The title bar's progress follows the server's answers to the reports (the body's channel). */
function ProgressPanel({ data }: { data: PlayerData }) {
  return data.progress ? <ProgressSummary progress={data.progress} /> : null;
}

function Loaded({ data }: { data: PlayerData }) {
  const { channel, answer } = usePlayerChannel(data, false);
  const live = { ...data, progress: channel.progress };
  return (
    <>
      <TitleBar title={data.content.title} data={live} />
      <Box maw={PAGE_WIDTH} w="100%" mx="auto" px="md" py="lg" component="main">
        <PlayerBody data={data} channel={channel} answer={answer} />
      </Box>
    </>
  );
}

/**
 * /eduction/:id/player (the spec's spelling) and /education/:id/player: the separate full-width player page, outside
 * the dashboard frame. Until educations exist (issue 13) the id is a content's and `?source=content` is required.
 */
export default function PlayerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const valid = params.get('source') === PLAYER_SOURCE_CONTENT && /^\d{1,10}$/.test(id);
  const query = usePlayerData(id, 'learner', valid);
  const missing = !valid || (query.isError && isMissingItem(query.error));

  useEffect(() => {
    if (missing) navigate('/404', { replace: true, state: { message: NOT_FOUND_MESSAGE } });
  }, [missing, navigate]);

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="player-page">
      {query.data ? (
        <Loaded data={query.data} />
      ) : (
        <>
          <TitleBar title={null} data={undefined} />
          <Box maw={PAGE_WIDTH} mx="auto" px="md" py="lg" component="main">
            {query.isError && !missing ? (
              <EmptyState
                title={t('player.load_failed')}
                text={query.error instanceof Error ? query.error.message : undefined}
                action={<Button onClick={() => query.refetch()}>{t('player.retry')}</Button>}
                testId="player-error"
              />
            ) : (
              <Center mih={360}>
                <Stack align="center" gap="xs">
                  <Loader aria-label={t('player.loading')} />
                  <Text c="dimmed" fz="sm">
                    {t('player.loading')}
                  </Text>
                </Stack>
              </Center>
            )}
          </Box>
        </>
      )}
    </Box>
  );
}

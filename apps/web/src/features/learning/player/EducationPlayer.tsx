import type { EducationPlayer as EducationPlayerData, LearnerPart } from '@kampus/shared';
import {
  Box,
  Button,
  Drawer,
  Grid,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowRight, IconCircleCheck, IconConfetti, IconListDetails, IconLock } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { isMissingItem, NOT_FOUND_MESSAGE } from '../../../lib/resource.js';
import { ClassroomSessionPicker } from '../classrooms/learner/index.js';
import { useEducationPlayer, useRefreshLearner } from '../educations/learner/api.js';
import { PartsList } from '../educations/learner/PartsList.js';
import { educationDetailPath } from '../educations/learner/paths.js';
import { wholeRate } from '../educations/learner/visuals.js';
import { type PlayerData, usePlayerData } from './api.js';
import { PlayerLoading, PlayerMain, TitleBar } from './PlayerFrame.js';
import { PlayerBody, ProgressSummary, usePlayerChannel } from './PlayerView.js';
import { educationPlayerPath } from './paths.js';

/** How often the parts list is asked again while the server rolls a completed part up into the education. */
export const ROLL_UP_POLL_MS = 1500;
/** After this long without the roll-up the page stops asking (the learner can still move on from the list). */
export const ROLL_UP_POLL_MAX_MS = 30_000;

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && /^\d{1,10}$/.test(value) && number >= 1 ? number : null;
}

/**
 * The part to show: the one asked for in the address, else the one the server names next, else the first open one
 * (an education completed has no next part: it opens at its beginning for a review).
 */
export function partToShow(data: EducationPlayerData, requested: number | null): LearnerPart | null {
  if (requested !== null) return data.parts.find((part) => part.id === requested) ?? null;
  return data.parts.find((part) => part.id === data.next_part_id) ?? data.parts.find((part) => !part.locked) ?? null;
}

/** The education's rate in the title bar, named for what it measures. */
function EducationRate({ data }: { data: EducationPlayerData }) {
  const { t } = useTranslation();
  const value = wholeRate(data.finished_rate);
  return (
    <Group gap="xs" wrap="nowrap" data-testid="education-rate" data-value={value}>
      {/* On a phone the percentage alone: the title needs the room. */}
      <Progress
        value={value}
        color={value >= 100 ? 'green' : undefined}
        w={120}
        visibleFrom="sm"
        aria-label={t('learner.player.education_progress')}
      />
      <Text fz="sm" fw={600}>
        {t('learner.percent', { value })}
      </Text>
    </Group>
  );
}

/** What follows a completed part: the next part, the education's end, or a wait while the server catches up. */
function NextStep({
  data,
  part,
  waiting,
  onGo,
}: {
  data: EducationPlayerData;
  part: LearnerPart;
  waiting: boolean;
  onGo: (partId: number) => void;
}) {
  const { t } = useTranslation();
  if (waiting)
    return (
      <Outcome
        icon={<Loader size="sm" aria-hidden />}
        color="blue"
        title={t('learner.player.saving')}
        testId="player-part-saving"
      />
    );
  const index = data.parts.findIndex((item) => item.id === part.id);
  const next =
    data.parts.find((item) => item.id === data.next_part_id && item.id !== part.id && !item.locked) ??
    data.parts.slice(index + 1).find((item) => !item.locked && item.status !== 'completed');
  const finished = wholeRate(data.finished_rate) >= 100 || data.next_part_id === null;
  if (next)
    return (
      <Outcome
        icon={<IconCircleCheck size={22} aria-hidden />}
        title={t('learner.player.part_done')}
        text={t('learner.player.next_is', { title: next.title })}
        testId="player-completed"
        action={
          <Button
            rightSection={<IconArrowRight size={16} aria-hidden />}
            onClick={() => onGo(next.id)}
            data-testid="player-next-part"
          >
            {t('learner.player.next_part')}
          </Button>
        }
      />
    );
  return (
    <Outcome
      icon={finished ? <IconConfetti size={22} aria-hidden /> : <IconCircleCheck size={22} aria-hidden />}
      title={finished ? t('learner.player.education_done') : t('learner.player.part_done')}
      text={finished ? t('learner.player.education_done_text') : t('learner.player.rest_locked')}
      testId={finished ? 'player-education-completed' : 'player-completed'}
      action={
        <Button component={Link} to={educationDetailPath(data.id)} variant="light" data-testid="player-to-detail">
          {t('learner.player.to_detail')}
        </Button>
      }
    />
  );
}

/**
 * A part's outcome under the content: a coloured icon, then the texts in the body colour on the page's own background
 * (a tinted alert took its title below WCAG AA contrast), and the one next step.
 */
function Outcome({
  icon,
  title,
  text,
  action,
  color = 'green',
  testId,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  color?: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" role="status" data-testid={testId}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} size={40} radius="xl">
          {icon}
        </ThemeIcon>
        <Stack gap="xs" align="flex-start" style={{ flex: 1 }}>
          <Text fw={700}>{title}</Text>
          {text && <Text fz="sm">{text}</Text>}
          {action}
        </Stack>
      </Group>
    </Paper>
  );
}

/** One content part in the player, its own progress channel (remounted for each part: `key`). */
function PartContent({
  content,
  data,
  part,
  waiting,
  onCompleted,
  onGo,
}: {
  content: PlayerData;
  data: EducationPlayerData;
  part: LearnerPart;
  waiting: boolean;
  onCompleted: (partId: number) => void;
  onGo: (partId: number) => void;
}) {
  const { t } = useTranslation();
  const { channel, answer } = usePlayerChannel(content, false);
  const completedNow = channel.progress?.status === 'completed';
  const reported = useRef(content.progress?.status === 'completed');
  useEffect(() => {
    // Only a completion seen in this visit: opening a part done earlier changes nothing to refresh.
    if (completedNow && !reported.current) {
      reported.current = true;
      onCompleted(part.id);
    }
  }, [completedNow, part.id, onCompleted]);
  const index = data.parts.findIndex((item) => item.id === part.id);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            {t('learner.player.part_of', { number: index + 1, count: data.parts.length })}
          </Text>
          <Title order={2} fz="h3" data-testid="player-part-title">
            {part.title}
          </Title>
        </Stack>
        {channel.progress && <ProgressSummary progress={channel.progress} />}
      </Group>
      <PlayerBody
        data={content}
        channel={channel}
        answer={answer}
        completed={<NextStep data={data} part={part} waiting={waiting} onGo={onGo} />}
      />
    </Stack>
  );
}

/**
 * A classroom part has nothing to play: the player shows the session the learner holds, or the sessions to choose
 * from; the part completes when an admin marks them present.
 */
function ClassroomPart({ data, part }: { data: EducationPlayerData; part: LearnerPart }) {
  const { t } = useTranslation();
  const index = data.parts.findIndex((item) => item.id === part.id);
  return (
    <Stack gap="md" data-testid="player-classroom">
      <Stack gap={0}>
        <Text fz="xs" c="dimmed">
          {t('learner.player.part_of', { number: index + 1, count: data.parts.length })}
        </Text>
        <Title order={2} fz="h3" data-testid="player-part-title">
          {part.title}
        </Title>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <ClassroomSessionPicker classroomId={part.ref_id} heading={false} />
      </Paper>
    </Stack>
  );
}

/** Loads the part's content (GET api/contents/{ref_id}/player) and plays it. */
function PartPlayer(props: {
  data: EducationPlayerData;
  part: LearnerPart;
  waiting: boolean;
  onCompleted: (partId: number) => void;
  onGo: (partId: number) => void;
}) {
  const { t } = useTranslation();
  const query = usePlayerData(String(props.part.ref_id), 'learner');
  if (query.data) return <PartContent content={query.data} {...props} />;
  if (query.isError)
    return (
      <EmptyState
        title={t('player.load_failed')}
        text={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t('player.retry')}</Button>}
        testId="player-error"
      />
    );
  return <PlayerLoading />;
}

/** A locked part asked for by address: it cannot be opened; the way on is the part the server names next. */
function LockedPart({ data, onGo }: { data: EducationPlayerData; onGo: (partId: number) => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="player-part-locked">
      <EmptyState
        icon={<IconLock size={26} />}
        title={t('learner.player.locked_title')}
        text={t('learner.player.locked_text')}
        action={
          data.next_part_id ? (
            <Button onClick={() => onGo(data.next_part_id as number)}>{t('learner.player.to_next_open')}</Button>
          ) : undefined
        }
      />
    </Paper>
  );
}

function Loaded({
  data,
  requested,
  waitingFor,
  onCompleted,
}: {
  data: EducationPlayerData;
  requested: number | null;
  waitingFor: number | null;
  onCompleted: (partId: number) => void;
}) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const [drawer, { open, close }] = useDisclosure(false);
  const part = partToShow(data, requested);
  const waiting = waitingFor !== null && data.parts.find((item) => item.id === waitingFor)?.status !== 'completed';
  // A part's own address is kept in place of the last: back leaves the player instead of walking its parts.
  const go = (partId: number) => setParams({ part: String(partId) }, { replace: true });
  // The part opened by default is pinned in the address: when it completes, the server's next part changes, and the
  // learner must stay on what they just finished (with the offer of the next) instead of being moved on.
  const shownId = part?.id ?? null;
  useEffect(() => {
    if (requested === null && shownId !== null) setParams({ part: String(shownId) }, { replace: true });
  }, [requested, shownId, setParams]);
  const list = (
    <PartsList
      parts={data.parts}
      currentId={part?.id ?? null}
      linkOf={(item) => educationPlayerPath(data.id, item.id)}
      onOpen={close}
    />
  );
  return (
    <>
      <TitleBar
        title={data.title}
        fallback={educationDetailPath(data.id)}
        right={
          <Group gap="sm" wrap="nowrap">
            <EducationRate data={data} />
            <Button
              hiddenFrom="md"
              variant="light"
              size="xs"
              leftSection={<IconListDetails size={16} aria-hidden />}
              onClick={open}
              data-testid="player-parts-toggle"
            >
              {t('learner.player.parts')}
            </Button>
          </Group>
        }
      />
      <PlayerMain wide>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            {part === null ? (
              <EmptyState title={t('learner.player.no_part')} testId="player-no-part" />
            ) : part.locked ? (
              <LockedPart data={data} onGo={go} />
            ) : part.type === 'classroom' ? (
              <ClassroomPart key={part.id} data={data} part={part} />
            ) : (
              <PartPlayer key={part.id} data={data} part={part} waiting={waiting} onCompleted={onCompleted} onGo={go} />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }} visibleFrom="md">
            <Paper withBorder radius="lg" p="sm" component="nav" aria-label={t('learner.player.parts')}>
              <Title order={2} fz="h5" mb="sm" px={4}>
                {t('learner.player.parts')}
              </Title>
              {list}
            </Paper>
          </Grid.Col>
        </Grid>
      </PlayerMain>
      <Drawer
        opened={drawer}
        onClose={close}
        position="bottom"
        size="80%"
        title={<Text fw={700}>{t('learner.player.parts')}</Text>}
        closeButtonProps={{ 'aria-label': t('learner.close') }}
        data-testid="player-parts-drawer"
      >
        {list}
      </Drawer>
    </>
  );
}

/**
 * The player in education mode (GET api/educations/{id}/player): the parts around the player with their progress
 * and locks, the chosen content part played by the content player. A completed part refreshes the list (polling
 * briefly while the server rolls it up) and offers the next part; a locked part cannot be opened.
 */
export function EducationPlayer({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const refreshLearner = useRefreshLearner();
  const [waitingFor, setWaitingFor] = useState<{ part: number; since: number } | null>(null);
  const valid = /^\d{1,10}$/.test(id);
  const requested = positiveInt(params.get('part'));
  const poll = waitingFor !== null && Date.now() - waitingFor.since < ROLL_UP_POLL_MAX_MS ? ROLL_UP_POLL_MS : false;
  const query = useEducationPlayer(id, valid, poll);
  const data = query.data;
  const unknownPart = data !== undefined && requested !== null && !data.parts.some((part) => part.id === requested);
  const missing = !valid || unknownPart || (query.isError && isMissingItem(query.error));

  // The list caught up with the completed part: stop asking.
  useEffect(() => {
    if (waitingFor && data?.parts.find((part) => part.id === waitingFor.part)?.status === 'completed') {
      setWaitingFor(null);
    }
  }, [data, waitingFor]);

  useEffect(() => {
    if (missing) navigate('/404', { replace: true, state: { message: NOT_FOUND_MESSAGE } });
  }, [missing, navigate]);

  const onCompleted = (partId: number) => {
    setWaitingFor({ part: partId, since: Date.now() });
    // The detail, the cards and the home show the new rate when the learner goes back to them.
    void refreshLearner();
  };

  if (data && !missing)
    return (
      <Loaded
        data={data}
        requested={requested}
        waitingFor={poll === false ? null : (waitingFor?.part ?? null)}
        onCompleted={onCompleted}
      />
    );
  return (
    <>
      <TitleBar title={null} />
      <PlayerMain>
        {query.isError && !missing ? (
          <EmptyState
            title={t('learner.player.load_failed')}
            text={query.error instanceof Error ? query.error.message : undefined}
            action={<Button onClick={() => void query.refetch()}>{t('player.retry')}</Button>}
            testId="player-error"
          />
        ) : (
          <Box>
            <PlayerLoading />
          </Box>
        )}
      </PlayerMain>
    </>
  );
}

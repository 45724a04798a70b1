import type { LearnerClassroom, LearnerSession } from '@kampus/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCircleCheck, IconClock, IconMapPin, IconUser, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/EmptyState.js';
import { downloadSessionIcs, useMyClassroom, useRegistration } from '../api.js';
import { sessionTimes } from '../dates.js';

const errorMessage = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

/** Where the learner stands in one session, as a badge. */
function SessionState({ session }: { session: LearnerSession }) {
  const { t } = useTranslation();
  const attendance = session.registration?.attendance;
  if (attendance === 'present')
    return (
      <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
        {t('classroom.attended')}
      </Badge>
    );
  if (attendance)
    return (
      <Badge variant="light" color="gray">
        {t(`classroom.${attendance}`)}
      </Badge>
    );
  if (session.status === 'cancelled')
    return (
      <Badge color="danger" variant="light">
        {t('classroom.session_cancelled')}
      </Badge>
    );
  if (session.registration?.status === 'registered')
    return (
      <Badge color="green" variant="filled" data-testid="session-registered">
        {t('classroom.registered')}
      </Badge>
    );
  if (session.registration?.status === 'waitlisted')
    return (
      // Orange words on orange fail contrast: the words keep the body colour.
      <Badge color="orange" variant="light" c="var(--mantine-color-text)" data-testid="session-waitlisted">
        {t('classroom.waitlisted', { position: session.registration.position ?? 1 })}
      </Badge>
    );
  if (session.is_past) return <Badge variant="default">{t('classroom.past')}</Badge>;
  if (session.seats_left === 0)
    return (
      <Badge color="orange" variant="outline" c="var(--mantine-color-text)">
        {t('classroom.full')}
      </Badge>
    );
  return (
    <Badge color="brand" variant="light">
      {t('classroom.seats_left', { count: session.seats_left })}
    </Badge>
  );
}

function SessionCard({
  classroom,
  session,
  busy,
  onAction,
}: {
  classroom: LearnerClassroom;
  session: LearnerSession;
  busy: boolean;
  onAction: (session: LearnerSession, action: 'register' | 'cancel') => void;
}) {
  const { t, i18n } = useTranslation();
  const times = sessionTimes(session, i18n.language);
  const mine = session.registration;
  const holdsOther = classroom.sessions.some((s) => s.id !== session.id && s.registration !== null);
  const open = session.status === 'active' && !session.is_past;
  const canRegister = open && classroom.can_register && !mine && !holdsOther;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="li"
      data-testid="classroom-session"
      data-session-id={session.id}
      style={mine ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack
          gap={0}
          align="center"
          justify="center"
          w={64}
          py={6}
          style={{ borderRadius: 12, background: 'var(--mantine-primary-color-light)', flexShrink: 0 }}
          aria-hidden
        >
          <Text fz={24} fw={800} lh={1.1}>
            {times.dayNumber}
          </Text>
          <Text fz="xs" fw={700} tt="uppercase">
            {times.month}
          </Text>
        </Stack>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={700} data-testid="session-day">
              {times.day}
            </Text>
            <SessionState session={session} />
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconClock size={16} aria-hidden />
            <Text fz="sm" data-testid="session-hours">
              {times.hours}{' '}
              <Text span c="dimmed" fz="sm">
                ({t(`classroom.zones.${session.time_zone}`)})
              </Text>
            </Text>
          </Group>
          {session.place && (
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text fz="sm">{session.place}</Text>
            </Group>
          )}
          {session.online_url && (
            <Group gap={6} wrap="nowrap">
              <IconVideo size={16} aria-hidden />
              {mine?.status === 'registered' ? (
                <Anchor href={session.online_url} target="_blank" rel="noopener noreferrer" fz="sm">
                  {t('classroom.join_link')}
                </Anchor>
              ) : (
                <Text fz="sm">{t('classroom.online')}</Text>
              )}
            </Group>
          )}
          {session.instructor_name && (
            <Group gap={6} wrap="nowrap">
              <IconUser size={16} aria-hidden />
              <Text fz="sm">{t('classroom.instructor', { name: session.instructor_name })}</Text>
            </Group>
          )}
          {session.waitlisted_count > 0 && open && (
            <Text fz="xs" c="dimmed">
              {t('classroom.waitlist_count', { count: session.waitlisted_count })}
            </Text>
          )}
          <Group gap="xs" mt={4}>
            {canRegister && (
              <Button
                size="sm"
                loading={busy}
                variant={session.seats_left > 0 ? 'filled' : 'light'}
                onClick={() => onAction(session, 'register')}
                data-testid="session-register"
              >
                {session.seats_left > 0 ? t('classroom.register') : t('classroom.join_waitlist')}
              </Button>
            )}
            {mine && open && (
              <Button
                size="sm"
                variant="default"
                loading={busy}
                onClick={() => onAction(session, 'cancel')}
                data-testid="session-cancel"
              >
                {mine.status === 'registered' ? t('classroom.cancel_registration') : t('classroom.leave_waitlist')}
              </Button>
            )}
            {mine && (
              <Button
                size="sm"
                variant="subtle"
                leftSection={<IconCalendarPlus size={16} aria-hidden />}
                onClick={() =>
                  downloadSessionIcs(session.id).catch((error: unknown) =>
                    notifications.show({ color: 'danger', message: errorMessage(error, t('general.error_occurred')) }),
                  )
                }
                data-testid="session-ics"
              >
                {t('classroom.add_to_calendar')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The sessions of a classroom training for the learner: day and hours in the session's own zone, place or online
 * link, seats left, and one obvious action — register, join the waiting list, or cancel (asked first) — plus the
 * session's .ics once they hold a place. Used on the education detail page and in the player; the assignments'
 * classroom page reuses it.
 */
export function ClassroomSessionPicker({ classroomId, heading = true }: { classroomId: number; heading?: boolean }) {
  const { t } = useTranslation();
  const query = useMyClassroom(classroomId);
  const registration = useRegistration(classroomId);
  // The learner's pages have no modals provider (it stays in the admin bundle): the question is a Modal of its own.
  const [confirming, setConfirming] = useState<LearnerSession | null>(null);
  const run = (session: LearnerSession, action: 'register' | 'cancel') =>
    registration.mutate(
      { sessionId: session.id, action },
      {
        onSuccess: (classroom) => {
          const mine = classroom.sessions.find((s) => s.id === session.id)?.registration;
          const message =
            action === 'cancel'
              ? t('classroom.cancelled_done')
              : mine?.status === 'waitlisted'
                ? t('classroom.waitlisted_done')
                : t('classroom.registered_done');
          notifications.show({ color: 'success', message });
        },
        onError: (error) =>
          notifications.show({ color: 'danger', message: errorMessage(error, t('general.error_occurred')) }),
      },
    );
  const act = (session: LearnerSession, action: 'register' | 'cancel') =>
    action === 'register' ? run(session, action) : setConfirming(session);
  const cancelLabel =
    confirming?.registration?.status === 'waitlisted'
      ? t('classroom.leave_waitlist')
      : t('classroom.cancel_registration');
  const question = (
    <Modal
      opened={confirming !== null}
      onClose={() => setConfirming(null)}
      title={t('classroom.cancel_confirm_title')}
      centered
      closeButtonProps={{ 'aria-label': t('classroom.keep') }}
    >
      <Stack>
        <Text>{t('classroom.cancel_confirm_text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)} data-testid="confirm-cancel">
            {t('classroom.keep')}
          </Button>
          <Button
            color="danger"
            onClick={() => {
              if (confirming) run(confirming, 'cancel');
              setConfirming(null);
            }}
            data-testid="confirm-accept"
          >
            {cancelLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  if (query.isPending)
    return (
      <Stack gap="sm" data-testid="classroom-loading" aria-busy>
        <Skeleton h={110} radius="lg" />
        <Skeleton h={110} radius="lg" />
      </Stack>
    );
  if (query.isError)
    return (
      <Alert color="danger" title={t('classroom.load_error')} data-testid="classroom-error">
        <Button size="xs" variant="light" mt="xs" onClick={() => query.refetch()}>
          {t('classroom.retry')}
        </Button>
      </Alert>
    );
  const classroom = query.data;
  return (
    <Stack gap="sm" data-testid="classroom-picker" data-classroom-id={classroom.id}>
      {question}
      {heading && (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
            <IconUser size={20} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={3} fz="h5">
              {classroom.title}
            </Title>
            <Text fz="sm" c="dimmed">
              {classroom.status === 'completed' ? t('classroom.completed') : t('classroom.choose_session')}
            </Text>
          </Stack>
        </Group>
      )}
      {!classroom.can_register && classroom.status === 'not_started' && (
        <Alert color="gray" variant="light" data-testid="classroom-not-enrolled">
          {t('classroom.not_enrolled')}
        </Alert>
      )}
      {classroom.sessions.length === 0 ? (
        <EmptyState title={t('classroom.no_sessions')} testId="classroom-no-sessions" />
      ) : (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('classroom.sessions_title')}
        >
          {classroom.sessions.map((session) => (
            <SessionCard
              key={session.id}
              classroom={classroom}
              session={session}
              busy={registration.isPending && registration.variables?.sessionId === session.id}
              onAction={act}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

import type { Classroom, ClassroomSession } from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarDown, IconEdit, IconPlus, IconUsers, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { confirmAction } from '../../../../components/ConfirmButton.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionCan } from '../../../frame/admin/access.js';
import { downloadSessionIcs, useCancelSession, useSessions } from '../api.js';
import { sessionTimes } from '../dates.js';
import { SessionModal } from './SessionModal.js';

const NS = 'classroomAdmin.sessions';

const errorMessage = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

function SessionRow({
  classroom,
  session,
  canEdit,
  onEdit,
}: {
  classroom: Classroom;
  session: ClassroomSession;
  canEdit: boolean;
  onEdit: (session: ClassroomSession) => void;
}) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelSession(classroom.id);
  const times = sessionTimes(session, i18n.language);
  const active = session.status === 'active';
  const fail = (error: unknown) =>
    notifications.show({ color: 'danger', message: errorMessage(error, t('general.error_occurred')) });
  return (
    <Table.Tr data-testid="session-row" data-session-id={session.id} data-status={session.status}>
      <Table.Td>
        <Group gap={6}>
          <Text fz="sm" fw={600} td={active ? undefined : 'line-through'}>
            {times.day}
          </Text>
          {!active && (
            <Badge variant="light" color="gray" size="sm">
              {t(`${NS}.status_cancelled`)}
            </Badge>
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          {times.hours} · {t(`classroom.zones.${session.time_zone}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{session.place ?? (session.online_url ? t('classroom.online') : '—')}</Text>
        {session.instructor && (
          <Text fz="xs" c="dimmed">
            {t('classroom.instructor', { name: session.instructor.name })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text fz="sm" data-testid="session-seats">
          {t(`${NS}.seats_value`, { registered: session.registered_count, capacity: session.capacity })}
        </Text>
        {session.waitlisted_count > 0 && (
          <Text fz="xs" c="dimmed" data-testid="session-waiting">
            {t(`${NS}.waiting_value`, { count: session.waitlisted_count })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button
            component={Link}
            to={pathTo('company.education.classroom.session', { id: classroom.id, session: session.id })}
            size="xs"
            variant="light"
            leftSection={<IconUsers size={14} aria-hidden />}
            data-testid="session-people"
          >
            {t(`${NS}.people`)}
          </Button>
          <Tooltip label={t(`${NS}.download_ics`)} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={t(`${NS}.download_ics`)}
              onClick={() => downloadSessionIcs(session.id).catch(fail)}
            >
              <IconCalendarDown size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {canEdit && active && (
            <>
              <Tooltip label={t(`${NS}.edit`)} withArrow>
                <ActionIcon
                  variant="subtle"
                  aria-label={t(`${NS}.edit`)}
                  onClick={() => onEdit(session)}
                  data-testid="session-edit"
                >
                  <IconEdit size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t(`${NS}.cancel`)} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="danger"
                  aria-label={t(`${NS}.cancel`)}
                  loading={cancel.isPending}
                  onClick={() =>
                    confirmAction({
                      title: t(`${NS}.cancel_title`),
                      message: t(`${NS}.cancel_text`),
                      confirmLabel: t(`${NS}.cancel`),
                      onConfirm: () =>
                        cancel
                          .mutateAsync(session.id)
                          .then(() => notifications.show({ color: 'success', message: t(`${NS}.cancelled`) }), fail),
                    })
                  }
                  data-testid="session-cancel"
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * A training's sessions on its edit page: date and hours in the session's zone, place, seats taken and waiting,
 * with add, edit and cancel (asked first) for create_training, and each session's people and .ics.
 */
export function SessionsPanel({ classroom }: { classroom: Classroom }) {
  const { t } = useTranslation();
  const canEdit = sessionCan(useSessionUser()?.roles, 'create_training');
  const query = useSessions(classroom.id);
  const [editing, setEditing] = useState<{ session: ClassroomSession | null } | null>(null);
  const addButton = canEdit ? (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setEditing({ session: null })}
      data-testid="session-add"
    >
      {t(`${NS}.add`)}
    </Button>
  ) : null;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="classroom-sessions"
      data-testid="sessions-panel"
    >
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="h4" id="classroom-sessions">
              {t(`${NS}.title`)}
            </Title>
            <Text fz="sm" c="dimmed" maw={640}>
              {t(`${NS}.description`)}
            </Text>
          </Stack>
          {addButton}
        </Group>
        {query.isPending ? (
          <Stack gap="xs" aria-busy>
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        ) : query.isError ? (
          <Alert color="danger" title={t(`${NS}.load_error`)}>
            <Button size="xs" variant="light" mt="xs" onClick={() => query.refetch()}>
              {t('classroom.retry')}
            </Button>
          </Alert>
        ) : query.data.length === 0 ? (
          <EmptyState title={t(`${NS}.empty`)} testId="sessions-empty" />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${NS}.when`)}</Table.Th>
                  <Table.Th>{t(`${NS}.place`)}</Table.Th>
                  <Table.Th>{t(`${NS}.seats`)}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('resource.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((session) => (
                  <SessionRow
                    key={session.id}
                    classroom={classroom}
                    session={session}
                    canEdit={canEdit}
                    onEdit={(s) => setEditing({ session: s })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <SessionModal
        classroom={classroom}
        session={editing?.session ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Paper>
  );
}

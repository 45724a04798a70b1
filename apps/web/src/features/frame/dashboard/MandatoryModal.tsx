import { MANDATORY_CHECK_INTERVAL_MS, type MandatoryCompletions } from '@kampus/shared';
import { Badge, Button, Card, Group, Image, Modal, Stack, Title, Typography } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { http } from '../../../lib/api.js';
import { formatDay } from '../../../lib/dates.js';
import { useSessionUser } from '../../../lib/session.js';
import { createIntervalGate } from '../../../lib/throttle.js';

/**
 * The mandatory assignments this person started in this browser tab (sessionStorage: it outlives the player page,
 * which is outside this frame, and ends with the tab). Starting closes the modal (spec §4); without this memory it
 * would open again on the training's own page the next route change leads to, and send the learner back in a loop.
 */
const startedKey = (userId: number) => `kampus.mandatory-started.${userId}`;

function startedIn(userId: number | undefined): Set<number> {
  if (userId === undefined) return new Set();
  try {
    const ids = JSON.parse(sessionStorage.getItem(startedKey(userId)) ?? '[]') as unknown;
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : []);
  } catch {
    return new Set();
  }
}

function rememberStarted(userId: number | undefined, started: Set<number>): void {
  if (userId === undefined) return;
  try {
    sessionStorage.setItem(startedKey(userId), JSON.stringify([...started]));
  } catch {
    // A browser that refuses storage only forgets it on the next page: the modal opens again then.
  }
}

/**
 * The mandatory-missions modal (spec §2.8, §4): re-fetched on every route change (but on assignment detail) at most
 * once per 6 s; unread notices come first, mandatory assignments only once no notice is left; it cannot be dismissed
 * and closes when nothing remains.
 */
export function MandatoryModal() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const gate = useMemo(() => createIntervalGate(MANDATORY_CHECK_INTERVAL_MS), []);
  const query = useQuery({
    queryKey: ['mandatory-completions'],
    queryFn: () => http.get<{ data: MandatoryCompletions }>('api/dashboard/mandatory-completions').then((r) => r.data),
    enabled: false,
  });
  const client = useQueryClient();
  const markRead = useMutation({
    // A must-read announcement is marked read as an announcement; any other notice as a notification.
    mutationFn: (notice: MandatoryCompletions['notices'][number]) =>
      notice.announcement_id === undefined
        ? http.post('api/notice-update', { notification_id: [notice.id] })
        : http.post(`api/announcements/${notice.announcement_id}/read`),
    onSuccess: (_answer, notice) => {
      notifications.show({ color: 'success', message: t('report.success') });
      void query.refetch();
      if (notice.announcement_id !== undefined) void client.invalidateQueries({ queryKey: ['announcements'] });
    },
    onError: () => notifications.show({ color: 'danger', message: t('general.error_occurred') }),
  });

  const userId = useSessionUser()?.id;
  const [started, setStarted] = useState(() => startedIn(userId));
  const { pathname } = location;
  // A timed exam is never covered: the modal waits until the learner leaves the taking screen.
  const taking = matchPath('/test/exam/:id', pathname) !== null;
  useEffect(() => {
    if (matchPath('/assignment/:id/detail', pathname) === null && !taking) gate.request(() => void query.refetch());
  }, [pathname, taking, gate, query.refetch]);
  useEffect(() => () => gate.cancel(), [gate]);

  const notices = query.data?.notices ?? [];
  const assignments = (query.data?.assignments ?? []).filter((assignment) => !started.has(assignment.id));
  const opened = !taking && (notices.length > 0 || assignments.length > 0);
  const start = (id: number) => {
    const next = new Set(started).add(id);
    rememberStarted(userId, next);
    setStarted(next);
    navigate(`/assignment/${id}/detail`);
  };

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="lg"
      // The modal's title is its h2 already.
      title={t('mandatory.title')}
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } }}
      data-testid="mandatory-modal"
    >
      <Stack>
        {notices.map((notice) => (
          <Card
            key={`${notice.announcement_id === undefined ? 'n' : 'a'}${notice.id}`}
            withBorder
            radius="md"
            data-testid="mandatory-notice"
          >
            <Title order={3} fz="h4" mb="xs">
              {notice.name}
            </Title>
            {notice.text && (
              <Typography>
                {/* Notice texts are HTML written by administrators; they are sanitized before display. */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify */}
                <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(notice.text) }} />
              </Typography>
            )}
            <Group justify="flex-end" mt="md">
              <Button
                onClick={() => markRead.mutate(notice)}
                loading={markRead.isPending && markRead.variables === notice}
                data-testid="mandatory-notice-read"
              >
                {t('mandatory.mark_read')}
              </Button>
            </Group>
          </Card>
        ))}
        {notices.length === 0 &&
          assignments.map((assignment) => (
            <Card key={assignment.id} withBorder radius="md" data-testid="mandatory-assignment">
              {assignment.cover_image_link && (
                <Card.Section>
                  <Image src={assignment.cover_image_link} alt="" h={140} />
                </Card.Section>
              )}
              <Title order={3} fz="h4" mt="sm">
                {assignment.name}
              </Title>
              {assignment.description && (
                <Typography c="dimmed" fz="sm" data-testid="mandatory-assignment-description">
                  {/* The description is the assignment's rich text (sanitized on the server, and again here). */}
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify */}
                  <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(assignment.description) }} />
                </Typography>
              )}
              <Group gap="xs" mt="xs">
                {assignment.start_date && assignment.end_date && (
                  <Badge variant="light" tt="none" data-testid="mandatory-assignment-dates">
                    {formatDay(assignment.start_date, i18n.language)} – {formatDay(assignment.end_date, i18n.language)}
                  </Badge>
                )}
                {assignment.duration > 0 && (
                  <Badge variant="light">{t('mandatory.duration', { minutes: assignment.duration })}</Badge>
                )}
              </Group>
              <Group justify="flex-end" mt="md">
                <Button onClick={() => start(assignment.id)} data-testid="mandatory-assignment-start">
                  {t(`mandatory.${assignment.action_label}`)}
                </Button>
              </Group>
            </Card>
          ))}
      </Stack>
    </Modal>
  );
}

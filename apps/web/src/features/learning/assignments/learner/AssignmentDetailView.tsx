import type { LearnerAssignmentDetail, LearnerAssignmentItem } from '@kampus/shared';
import { Alert, Badge, Box, Button, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconCircleCheck, IconClock, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { formatDay, formatLongDate } from '../../../../lib/dates.js';
import { AnswerHtml } from '../../../organisation/faq/AnswerHtml.js';
import { useDuration } from '../../educations/learner/EducationCard.js';
import { RateRing } from '../../educations/learner/visuals.js';
import { assignmentClassroomPath } from './paths.js';
import {
  AssigneeStatusBadge,
  AssignmentCover,
  ITEM_TYPE_ICONS,
  itemAction,
  MandatoryBadge,
  NS,
  ProgressLine,
} from './visuals.js';

function Fact({ icon, label, value, testId }: { icon: ReactNode; label: string; value: ReactNode; testId: string }) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid={testId}>
      <Box c="dimmed" style={{ display: 'flex' }}>
        {icon}
      </Box>
      <Stack gap={0}>
        <Text fz="xs" c="dimmed">
          {label}
        </Text>
        <Text fz="sm" fw={600}>
          {value}
        </Text>
      </Stack>
    </Group>
  );
}

/** What, by when and how long: the dates and the duration the admin gave. */
function Facts({ detail }: { detail: LearnerAssignmentDetail }) {
  const { t, i18n } = useTranslation();
  const duration = useDuration();
  return (
    <Group gap="lg" wrap="wrap">
      <Fact
        icon={<IconCalendarEvent size={20} aria-hidden />}
        label={t(`${NS}.detail.start_date`)}
        value={formatDay(detail.start_date, i18n.language)}
        testId="assignment-start"
      />
      <Fact
        icon={<IconCalendarEvent size={20} aria-hidden />}
        label={t(`${NS}.detail.end_date`)}
        value={formatDay(detail.end_date, i18n.language)}
        testId="assignment-end"
      />
      {detail.duration_minutes ? (
        <Fact
          icon={<IconClock size={20} aria-hidden />}
          label={t(`${NS}.detail.duration`)}
          value={duration(detail.duration_minutes)}
          testId="assignment-duration"
        />
      ) : null}
    </Group>
  );
}

/** One item: its kind, title, the learner's progress in it and its start / continue / review button. */
function ItemRow({
  item,
  index,
  readOnly,
  assignmentId,
}: {
  item: LearnerAssignmentItem;
  index: number;
  readOnly: boolean;
  assignmentId: number;
}) {
  const { t } = useTranslation();
  const action = itemAction(item);
  const done = item.status === 'completed';
  return (
    <Paper withBorder radius="md" p="md" data-testid="assignment-item" data-type={item.type} data-id={item.ref_id}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <ThemeIcon size={40} radius="md" variant="light" color={done ? 'green' : 'indigo'} aria-hidden>
            {done ? <IconCircleCheck size={20} /> : ITEM_TYPE_ICONS[item.type]}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fz="xs" c="dimmed">
              {t(`${NS}.item_number`, { number: index + 1 })} · {t(`${NS}.item_types.${item.type}`)}
            </Text>
            <Text fw={600} lineClamp={2}>
              {item.title}
            </Text>
            {!readOnly && (
              <ProgressLine
                value={item.progress}
                label={t(`${NS}.progress_of`, { name: item.title })}
                completed={done}
              />
            )}
          </Stack>
        </Group>
        {readOnly ? null : (
          <Group gap="xs" wrap="wrap">
            {item.has_classroom && (
              <Button
                component={Link}
                to={assignmentClassroomPath(assignmentId)}
                variant="light"
                leftSection={<IconCalendarEvent size={16} aria-hidden />}
                aria-label={`${t(`${NS}.classroom.choose`)}: ${item.title}`}
                data-testid="assignment-item-classroom"
              >
                {t(`${NS}.classroom.choose`)}
              </Button>
            )}
            <Button
              component={Link}
              to={item.path}
              variant={done ? 'light' : 'filled'}
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              aria-label={`${t(`${NS}.action.${action}`)}: ${item.title}`}
              data-testid="assignment-item-action"
              data-action={action}
            >
              {t(`${NS}.action.${action}`)}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/** The side card: the overall progress as a ring, where the learner stands and the one next step. */
function ProgressCard({ detail, readOnly }: { detail: LearnerAssignmentDetail; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const completed = detail.status === 'completed';
  const next = detail.next_item;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="assignment-progress-card">
      <Stack align="center" gap="md">
        <Stack align="center" gap={4}>
          <RateRing value={detail.progress} completed={completed} />
          <Text fz="sm" c="dimmed">
            {t(`${NS}.detail.overall_progress`)}
          </Text>
        </Stack>
        {completed && detail.completed_at && (
          <Text fz="sm" fw={600} ta="center" data-testid="assignment-completed-at">
            {t(`${NS}.detail.completed_on`, { date: formatLongDate(detail.completed_at, i18n.language) })}
          </Text>
        )}
        {!readOnly && next && (
          <Button
            component={Link}
            to={next.path}
            size="md"
            fullWidth
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            data-testid="assignment-next"
            data-action={itemAction(next)}
          >
            {t(`${NS}.action.${itemAction(next)}`)}
          </Button>
        )}
        {next && (
          <Text fz="xs" c="dimmed" ta="center">
            {t(`${NS}.next_item`, { title: next.title })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * One assignment as the learner sees it: what (name, cover, items), why (the description), by when (dates, an
 * overdue warning), how long, their progress and each item's button. `readOnly` is the admin's preview: the same page
 * without a person's progress or buttons.
 */
export function AssignmentDetailView({
  detail,
  readOnly = false,
}: {
  detail: LearnerAssignmentDetail;
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="lg" data-testid="assignment-detail" data-id={detail.id}>
      {readOnly && (
        <Alert color="blue" variant="light" data-testid="assignment-preview-note">
          {t(`${NS}.detail.preview_note`)}
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Grid gap="lg" align="center">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <AssignmentCover image={detail.image_url} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Group gap="xs">
                {detail.mandatory && <MandatoryBadge />}
                {!readOnly && <AssigneeStatusBadge status={detail.status} />}
                <Badge variant="default">{t(`${NS}.items_count`, { count: detail.items.length })}</Badge>
              </Group>
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="assignment-title">
                {detail.name}
              </Title>
              <Facts detail={detail} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Paper>
      {!readOnly && detail.status === 'overdue' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t(`${NS}.detail.overdue_title`)}
          data-testid="assignment-overdue"
        >
          {t(`${NS}.detail.overdue_text`, { date: formatDay(detail.end_date, i18n.language) })}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <ProgressCard detail={detail} readOnly={readOnly} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            {detail.description && (
              <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="assignment-about">
                <Title order={2} fz="h4" mb="sm" id="assignment-about">
                  {t(`${NS}.detail.about`)}
                </Title>
                <AnswerHtml html={detail.description} testId="assignment-description" />
              </Paper>
            )}
            <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="assignment-items">
              <Group justify="space-between" mb="sm">
                <Title order={2} fz="h4" id="assignment-items">
                  {t(`${NS}.detail.items`)}
                </Title>
                {!readOnly && (
                  <Text fz="sm" c="dimmed">
                    {t(`${NS}.detail.items_done`, {
                      done: detail.items.filter((item) => item.status === 'completed').length,
                      count: detail.items.length,
                    })}
                  </Text>
                )}
              </Group>
              {detail.items.length === 0 ? (
                <EmptyState title={t(`${NS}.detail.no_items`)} testId="assignment-no-items" />
              ) : (
                <Stack gap="sm">
                  {detail.items.map((item, index) => (
                    <ItemRow
                      key={`${item.type}:${item.ref_id}`}
                      item={item}
                      index={index}
                      readOnly={readOnly}
                      assignmentId={detail.id}
                    />
                  ))}
                </Stack>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

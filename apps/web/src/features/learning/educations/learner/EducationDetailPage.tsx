import type { EducationDetail } from '@kampus/shared';
import { Alert, Badge, Box, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarEvent,
  IconClock,
  IconMessageCircle,
  IconPlayerPlay,
  IconPlus,
  IconRotate,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { formatDay } from '../../../../lib/dates.js';
import { isMissingItem, NOT_FOUND_MESSAGE } from '../../../../lib/resource.js';
import { AnswerHtml } from '../../../organisation/faq/AnswerHtml.js';
import { ClassroomSessionPicker } from '../../classrooms/learner/index.js';
import { educationPlayerPath } from '../../player/paths.js';
import { TrainingRequestPanel } from '../../training-requests/RequestPanel.js';
import { useEducationDetail, useEnrol } from './api.js';
import { DueLine, useDuration } from './EducationCard.js';
import { PartsList } from './PartsList.js';
import { CategoryIcon, EducationCover, RateRing } from './visuals.js';

/** The detail's one button: enrol, or start / continue / review in the player at the part the server names. */
export function detailAction(detail: Pick<EducationDetail, 'enrolment' | 'can_enrol'>) {
  if (!detail.enrolment) return detail.can_enrol ? 'enrol' : null;
  if (detail.enrolment.status === 'completed') return 'review';
  return detail.enrolment.status === 'in_progress' ? 'continue' : 'start';
}

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

function MainAction({ detail }: { detail: EducationDetail }) {
  const { t } = useTranslation();
  const enrol = useEnrol();
  const action = detailAction(detail);
  // On request: the learner asks, and an approval enrols them through an assignment.
  if (action === null && detail.can_request) return <TrainingRequestPanel educationId={detail.id} />;
  if (action === null)
    return (
      <Text fz="sm" c="dimmed" data-testid="detail-closed">
        {t('learner.detail.not_open')}
      </Text>
    );
  if (action === 'enrol')
    return (
      <Button
        size="md"
        fullWidth
        leftSection={<IconPlus size={18} aria-hidden />}
        loading={enrol.isPending}
        data-testid="detail-enrol"
        onClick={() =>
          enrol.mutate(detail.id, {
            onSuccess: () =>
              notifications.show({ color: 'success', message: t('learner.enrolled', { title: detail.title }) }),
            onError: (error) =>
              notifications.show({
                color: 'danger',
                message: error instanceof Error ? error.message : t('learner.enrol_failed'),
              }),
          })
        }
      >
        {t('learner.action.enrol')}
      </Button>
    );
  return (
    <Button
      size="md"
      fullWidth
      component={Link}
      to={educationPlayerPath(detail.id, detail.next_part_id)}
      variant={action === 'review' ? 'light' : 'filled'}
      leftSection={
        action === 'review' ? <IconRotate size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />
      }
      data-testid="detail-play"
      data-action={action}
    >
      {t(`learner.detail.${action}`)}
    </Button>
  );
}

/** The side card: the finished rate as a ring, the counts the spec lists, and the one next step. */
function ProgressCard({ detail }: { detail: EducationDetail }) {
  const { t } = useTranslation();
  const completed = detail.enrolment?.status === 'completed';
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="detail-progress">
      <Stack align="center" gap="md">
        <Stack align="center" gap={4}>
          <RateRing value={detail.finished_rate} completed={completed} />
          <Text fz="sm" c="dimmed">
            {completed ? t('learner.detail.completed') : t('learner.detail.finished_rate')}
          </Text>
        </Stack>
        <MainAction detail={detail} />
        <DueLine due={detail.enrolment?.due_at} />
        <Group grow w="100%" gap="xs">
          <Fact
            icon={<IconUsers size={20} aria-hidden />}
            label={t('learner.detail.completed_by')}
            value={t('learner.detail.people', { count: detail.person_completed_education })}
            testId="detail-completed-count"
          />
          <Fact
            icon={<IconMessageCircle size={20} aria-hidden />}
            label={t('learner.detail.experience_shares')}
            value={detail.experience_shares_count}
            testId="detail-shares-count"
          />
        </Group>
      </Stack>
    </Paper>
  );
}

function Dates({ detail }: { detail: EducationDetail }) {
  const { t, i18n } = useTranslation();
  const duration = useDuration();
  return (
    <Group gap="lg" wrap="wrap">
      {detail.start_date && (
        <Fact
          icon={<IconCalendarEvent size={20} aria-hidden />}
          label={t('learner.detail.start_date')}
          value={formatDay(detail.start_date, i18n.language)}
          testId="detail-start"
        />
      )}
      {detail.end_date && (
        <Fact
          icon={<IconCalendarEvent size={20} aria-hidden />}
          label={t('learner.detail.end_date')}
          value={formatDay(detail.end_date, i18n.language)}
          testId="detail-end"
        />
      )}
      {detail.estimated_minutes ? (
        <Fact
          icon={<IconClock size={20} aria-hidden />}
          label={t('learner.detail.duration')}
          value={duration(detail.estimated_minutes)}
          testId="detail-duration"
        />
      ) : null}
    </Group>
  );
}

function Loaded({ detail }: { detail: EducationDetail }) {
  const { t } = useTranslation();
  const enrolled = detail.enrolment !== null;
  return (
    <Stack gap="lg" data-testid="education-detail" data-id={detail.id}>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Grid gap="lg" align="center">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <EducationCover image={detail.image} icon={detail.category?.icon ?? null} height="ratio" radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Group gap="xs">
                {detail.category && (
                  <Badge variant="default" leftSection={<CategoryIcon icon={detail.category.icon} size={12} />}>
                    {detail.category.name}
                  </Badge>
                )}
                {detail.sequential && <Badge variant="default">{t('learner.detail.sequential')}</Badge>}
              </Group>
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="detail-title">
                {detail.title}
              </Title>
              {detail.sub_title && (
                <Text c="dimmed" fz="lg" data-testid="detail-sub-title">
                  {detail.sub_title}
                </Text>
              )}
              <Dates detail={detail} />
              {detail.hashtags.length > 0 && (
                <Group gap={6}>
                  {detail.hashtags.map((tag) => (
                    <Badge key={tag} variant="default" tt="none">
                      #{tag}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <ProgressCard detail={detail} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            {(detail.description_title || detail.description) && (
              <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="detail-about">
                <Title order={2} fz="h4" mb="sm" id="detail-about">
                  {detail.description_title ?? t('learner.detail.about')}
                </Title>
                {detail.description && <AnswerHtml html={detail.description} testId="detail-description" />}
              </Paper>
            )}
            <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="detail-parts">
              <Group justify="space-between" mb="sm">
                <Title order={2} fz="h4" id="detail-parts">
                  {t('learner.detail.parts')}
                </Title>
                <Text fz="sm" c="dimmed">
                  {t('learner.detail.parts_done', {
                    done: detail.parts.filter((p) => p.status === 'completed').length,
                    count: detail.parts.length,
                  })}
                </Text>
              </Group>
              {detail.parts.length === 0 ? (
                <EmptyState title={t('learner.detail.no_parts')} testId="detail-no-parts" />
              ) : (
                <>
                  {!enrolled && (
                    <Alert color="blue" variant="light" mb="sm">
                      {t('learner.detail.enrol_to_play')}
                    </Alert>
                  )}
                  <PartsList
                    parts={detail.parts}
                    linkOf={enrolled ? (part) => educationPlayerPath(detail.id, part.id) : undefined}
                  />
                </>
              )}
            </Paper>
            {enrolled &&
              detail.parts
                .filter((part) => part.type === 'classroom' && !part.locked)
                .map((part) => (
                  <Paper
                    key={part.id}
                    withBorder
                    radius="lg"
                    p="lg"
                    component="section"
                    aria-label={part.title}
                    data-testid="detail-classroom"
                  >
                    <ClassroomSessionPicker classroomId={part.ref_id} />
                  </Paper>
                ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t('learner.loading')} data-testid="detail-loading">
      <Skeleton height={380} radius="lg" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton height={240} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={240} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /education/:id/detail (user.education-detail, spec §2.1, §3 "Education detail"). */
export default function EducationDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const valid = /^\d{1,10}$/.test(id);
  const query = useEducationDetail(id, valid);
  const missing = !valid || (query.isError && isMissingItem(query.error));

  useEffect(() => {
    if (missing) navigate('/404', { replace: true, state: { message: NOT_FOUND_MESSAGE } });
  }, [missing, navigate]);

  return (
    <Box maw={1120} mx="auto" w="100%">
      {query.data ? (
        <Loaded detail={query.data} />
      ) : query.isError && !missing ? (
        <EmptyState
          title={t('learner.detail.load_failed')}
          text={query.error instanceof Error ? query.error.message : undefined}
          action={<Button onClick={() => void query.refetch()}>{t('learner.retry')}</Button>}
          testId="detail-error"
        />
      ) : (
        <DetailSkeleton />
      )}
    </Box>
  );
}

import type { LearnerProgram, LearnerProgramDetail, LearnerProgramStep } from '@kampus/shared';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarDue, IconCircleCheck, IconListDetails, IconLock, IconPlus, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { formatDay } from '../../../../lib/dates.js';
import { EducationAction } from '../../educations/learner/EducationCard.js';
import { educationDetailPath } from '../../educations/learner/paths.js';
import { EducationCover, wholeRate } from '../../educations/learner/visuals.js';
import { educationPlayerPath } from '../../player/paths.js';
import { useProgramDetail, useProgramEnrol } from './api.js';

/** The program's progress as a bar and "2 / 5 steps". */
function ProgramProgress({ program }: { program: LearnerProgram }) {
  const { t } = useTranslation();
  const rate = wholeRate(program.enrolment?.finished_rate ?? 0);
  return (
    <Stack gap={4}>
      <Progress
        value={rate}
        size="sm"
        radius="xl"
        color={program.enrolment?.status === 'completed' ? 'green' : undefined}
        aria-label={t('learner.programs.progress_of', { title: program.title })}
      />
      <Text fz="xs" c="dimmed">
        {t('learner.programs.steps_done', {
          done: program.enrolment?.completed_steps ?? 0,
          count: program.steps_count,
        })}{' '}
        · {t('learner.rate', { value: rate })}
      </Text>
    </Stack>
  );
}

/** A program as a card: its picture, progress, the panel of its steps, and a continue at the next step. */
export function ProgramCard({ program, onOpen }: { program: LearnerProgram; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const completed = program.enrolment?.status === 'completed';
  return (
    <Card withBorder radius="lg" padding="md" h="100%" data-testid="program-card" data-id={program.id}>
      <Card.Section>
        <EducationCover image={program.image_url} icon="certificate" height="ratio" />
      </Card.Section>
      <Stack gap="xs" mt="sm" style={{ flex: 1 }}>
        <Group gap={6}>
          <Badge variant="default" leftSection={<IconRoute size={12} aria-hidden />}>
            {t('learner.programs.badge')}
          </Badge>
          {completed && (
            <Badge color="green.9" variant="light">
              {t('learner.programs.completed')}
            </Badge>
          )}
        </Group>
        <Title order={3} fz="md" lineClamp={2}>
          {program.title}
        </Title>
        {program.description && (
          <Text fz="sm" c="dimmed" lineClamp={2}>
            {program.description}
          </Text>
        )}
        <Stack gap="xs" mt="auto">
          <ProgramProgress program={program} />
          <Group gap="xs" grow>
            <Button
              variant="light"
              leftSection={<IconListDetails size={16} aria-hidden />}
              onClick={() => onOpen(program.id)}
              aria-label={`${t('learner.programs.open')}: ${program.title}`}
              data-testid="program-open"
            >
              {t('learner.programs.open')}
            </Button>
            {program.next_education_id && !completed && (
              <Button
                component={Link}
                to={educationPlayerPath(program.next_education_id)}
                aria-label={`${t('learner.action.continue')}: ${program.title}`}
                data-testid="program-continue"
              >
                {t('learner.action.continue')}
              </Button>
            )}
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}

function StepState({ step, index }: { step: LearnerProgramStep; index: number }) {
  const { t } = useTranslation();
  if (step.locked)
    return (
      <ThemeIcon variant="light" color="gray" radius="xl" size={30} role="img" aria-label={t('learner.part.locked')}>
        <IconLock size={16} aria-hidden />
      </ThemeIcon>
    );
  if (step.education.enrolment?.status === 'completed')
    return (
      <ThemeIcon
        variant="light"
        color="green"
        radius="xl"
        size={30}
        role="img"
        aria-label={t('learner.part.completed')}
      >
        <IconCircleCheck size={18} aria-hidden />
      </ThemeIcon>
    );
  return (
    <ThemeIcon variant="filled" radius="xl" size={30} aria-hidden>
      {index + 1}
    </ThemeIcon>
  );
}

/** One step: the education's card in small, its due date, its lock, and for the next step the button to go on. */
function StepRow({ step, next, index }: { step: LearnerProgramStep; next: boolean; index: number }) {
  const { t, i18n } = useTranslation();
  const education = step.education;
  const rate = wholeRate(education.enrolment?.finished_rate ?? 0);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      // Outlined, not tinted: the grey texts on a tint fall below WCAG AA contrast.
      style={next ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
      data-testid="program-step"
      data-locked={step.locked}
      data-next={next}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <StepState step={step} index={index} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fz="xs" c="dimmed">
            {t('learner.programs.step', { number: index + 1 })}
          </Text>
          {step.locked ? (
            <Text fw={600} fz="sm" lineClamp={2}>
              {education.title}
            </Text>
          ) : (
            <Anchor component={Link} to={educationDetailPath(education.id)} fw={600} fz="sm" lineClamp={2}>
              {education.title}
            </Anchor>
          )}
          {step.due_date && (
            <Group gap={4} wrap="nowrap">
              {/* The icon carries the colour; the text keeps the body colour (an orange text fails WCAG AA). */}
              <IconCalendarDue size={14} color="var(--mantine-color-orange-7)" aria-hidden />
              <Text fz="xs" fw={500}>
                {t('learner.due', { date: formatDay(step.due_date, i18n.language) })}
              </Text>
            </Group>
          )}
          {step.locked ? (
            <Text fz="xs" c="dimmed">
              {t('learner.programs.locked_hint')}
            </Text>
          ) : (
            education.enrolment && (
              <Progress
                value={rate}
                size="xs"
                radius="xl"
                color={education.enrolment.status === 'completed' ? 'green' : undefined}
                aria-label={t('learner.progress_of', { title: education.title })}
              />
            )
          )}
          {next && !step.locked && (
            <Group>
              <EducationAction card={education} fullWidth={false} />
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** A program open to everybody that the learner is not in yet: one button joins it (and its open steps). */
function JoinProgram({ detail }: { detail: LearnerProgramDetail }) {
  const { t } = useTranslation();
  const enrol = useProgramEnrol();
  return (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      loading={enrol.isPending}
      data-testid="program-enrol"
      onClick={() =>
        enrol.mutate(detail.id, {
          onSuccess: () =>
            notifications.show({ color: 'success', message: t('learner.programs.enrolled', { title: detail.title }) }),
          onError: (error) =>
            notifications.show({
              color: 'danger',
              message: error instanceof Error ? error.message : t('learner.enrol_failed'),
            }),
        })
      }
    >
      {t('learner.programs.enrol')}
    </Button>
  );
}

function PanelBody({ detail }: { detail: LearnerProgramDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="program-panel-body">
      {/* A picture whole at its 16:9; without one, a short band (a tall empty face says nothing). */}
      <EducationCover
        image={detail.image_url}
        icon="certificate"
        height={detail.image_url ? 'ratio' : 120}
        radius="md"
      />
      {detail.description && <Text fz="sm">{detail.description}</Text>}
      {detail.enrolment ? <ProgramProgress program={detail} /> : <JoinProgram detail={detail} />}
      {detail.sequential && (
        <Text fz="xs" c="dimmed">
          {t('learner.programs.sequential')}
        </Text>
      )}
      <Title order={3} fz="h5">
        {t('learner.programs.steps')}
      </Title>
      {detail.steps.length === 0 ? (
        <EmptyState title={t('learner.programs.no_steps')} />
      ) : (
        <Stack gap="xs">
          {detail.steps.map((step, index) => (
            <StepRow key={step.id} step={step} index={index} next={step.education.id === detail.next_education_id} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The program's steps in a drawer from the side (full screen on a phone). */
export function ProgramPanel({ programId, onClose }: { programId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useProgramDetail(programId);
  return (
    <Drawer
      opened={programId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={<Text fw={700}>{query.data?.title ?? t('learner.programs.badge')}</Text>}
      closeButtonProps={{ 'aria-label': t('learner.close') }}
      data-testid="program-panel"
    >
      {query.data ? (
        <PanelBody detail={query.data} />
      ) : query.isError ? (
        <EmptyState
          title={t('learner.programs.load_failed')}
          action={<Button onClick={() => void query.refetch()}>{t('learner.retry')}</Button>}
          testId="program-panel-error"
        />
      ) : (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('learner.loading')}>
          <Skeleton height={140} radius="md" />
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={90} radius="md" />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

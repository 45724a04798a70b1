import { type MySurvey, surveyTakePath } from '@kampus/shared';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { formatDateTime, formatDay } from '../../../lib/dates.js';
import { useMySurveys } from './api.js';

const NS = 'surveys';
const STATE_COLORS = { open: 'blue', draft: 'yellow', submitted: 'teal' } as const;

function SurveyCard({ survey }: { survey: MySurvey }) {
  const { t, i18n } = useTranslation();
  const path = surveyTakePath(survey.id, survey.education?.id ?? null);
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`my-survey-${survey.id}`}>
      <Stack gap="xs" h="100%">
        <Group gap="xs">
          <Badge variant="dot" color={STATE_COLORS[survey.state]}>
            {t(`${NS}.states.${survey.state}`)}
          </Badge>
          <Badge variant="dot" color="gray">
            {t(`${NS}.kinds.${survey.kind}`)}
          </Badge>
          {survey.anonymous && (
            <Badge variant="dot" color="teal">
              {t(`${NS}.anonymous`)}
            </Badge>
          )}
        </Group>
        <Title order={3} fz="md">
          {survey.title}
        </Title>
        <Text fz="sm" c="dimmed">
          {survey.education
            ? t(`${NS}.for_education`, { title: survey.education.title })
            : t(`${NS}.questions_count`, { count: survey.questions_count })}
        </Text>
        {survey.due_date && survey.state !== 'submitted' && (
          <Text fz="sm">{t(`${NS}.due`, { date: formatDay(survey.due_date, i18n.language) })}</Text>
        )}
        {survey.submitted_at && (
          <Text fz="sm" c="dimmed">
            {t(`${NS}.submitted_on`, { time: formatDateTime(survey.submitted_at, i18n.language) })}
          </Text>
        )}
        <Group mt="auto" pt="xs">
          {survey.state !== 'submitted' && (
            <Button
              component={Link}
              to={path}
              size="sm"
              aria-label={`${t(`${NS}.actions.${survey.state}`)}: ${survey.title}`}
            >
              {t(`${NS}.actions.${survey.state}`)}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The surveys open to the learner (assigned surveys, evaluation surveys of completed educations), with their state:
 * a section the learner's test page (`/test`) shows beside the exams.
 */
export function MySurveysSection() {
  const { t } = useTranslation();
  const query = useMySurveys();
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-surveys-title" data-testid="my-surveys">
      <Title order={2} fz="h3" id="my-surveys-title">
        {t(`${NS}.my_title`)}
      </Title>
      {query.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
          <Skeleton h={150} radius="lg" />
          <Skeleton h={150} radius="lg" />
        </SimpleGrid>
      )}
      {query.isError && (
        <Alert color="danger" role="alert">
          <Group justify="space-between">
            {t(`${NS}.load_failed`)}
            <Button size="xs" variant="light" onClick={() => query.refetch()}>
              {t('resource.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {query.data && query.data.length === 0 && (
        <EmptyState icon={<IconClipboardList size={26} />} title={t(`${NS}.my_empty`)} testId="my-surveys-empty" />
      )}
      {query.data && query.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {query.data.map((survey) => (
            <SurveyCard key={`${survey.id}-${survey.education?.id ?? 0}`} survey={survey} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

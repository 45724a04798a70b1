import '@mantine/charts/styles.css';
import { ATTEMPT_STATES, type ExamAttemptRow, type ExamStats, type GradingItem } from '@kampus/shared';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChartBar, IconChecklist } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { useListState } from '../../../../lib/list-state.js';
import { useResourceStore } from '../../../../lib/resource.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionCan } from '../../../frame/admin/access.js';
import {
  ATTEMPTS_LIST_CONFIG,
  attemptsExportPath,
  examsResource,
  useExamAttempts,
  useExamStats,
  useGrade,
  useGradingQueue,
} from './api.js';
import { ExamKindBadge, examEditPath } from './ExamsListPage.js';

const NS = 'examAdmin';

const percent = (value: number | null, language: string) =>
  value === null ? '—' : `%${value.toLocaleString(language, { maximumFractionDigits: 1 })}`;

export function AttemptStateBadge({ row }: { row: Pick<ExamAttemptRow, 'state' | 'passed'> }) {
  const { t } = useTranslation();
  if (row.state !== 'scored') {
    return (
      <Badge variant="light" color={row.state === 'pending' ? 'warning' : 'gray'}>
        {t(`exams.states.${row.state}`)}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={row.passed ? 'success' : 'danger'}>
      {t(row.passed ? `${NS}.results.passed` : `${NS}.results.failed`)}
    </Badge>
  );
}

function Summary({ stats }: { stats: ExamStats }) {
  const { t, i18n } = useTranslation();
  const cards = [
    ['summary_attempts', stats.attempts.toLocaleString(i18n.language)],
    ['summary_scored', stats.scored.toLocaleString(i18n.language)],
    ['summary_passed', stats.passed.toLocaleString(i18n.language)],
    ['summary_average', percent(stats.average_score, i18n.language)],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="results-summary">
      {cards.map(([key, value]) => (
        <Paper key={key} withBorder radius="lg" p="md">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`${NS}.results.${key}`)}
          </Text>
          <Text fz="xl" fw={700} data-testid={`results-${key}`}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Distribution({ stats }: { stats: ExamStats }) {
  const { t } = useTranslation();
  const data = stats.distribution.map((band) => ({
    band: band.band === 9 ? '90–100' : `${band.band * 10}–${band.band * 10 + 9}`,
    count: band.count,
  }));
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="results-distribution">
      <Stack>
        <Title order={2} fz="h4">
          {t(`${NS}.results.distribution_title`)}
        </Title>
        {stats.scored === 0 ? (
          <Text c="dimmed" fz="sm">
            {t(`${NS}.results.distribution_empty`)}
          </Text>
        ) : (
          <>
            <BarChart
              h={240}
              data={data}
              dataKey="band"
              series={[{ name: 'count', label: t(`${NS}.results.distribution_count`), color: 'blue.6' }]}
              tickLine="y"
              gridAxis="y"
              withTooltip
              aria-hidden
            />
            {/* The chart's numbers for those who do not see it. */}
            <VisuallyHidden>
              <table>
                <caption>{t(`${NS}.results.distribution_title`)}</caption>
                <tbody>
                  {data.map((row) => (
                    <tr key={row.band}>
                      <th scope="row">{row.band}</th>
                      <td>{row.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function QuestionStats({ stats }: { stats: ExamStats }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="results-questions">
      <Stack>
        <Title order={2} fz="h4">
          {t(`${NS}.results.questions_title`)}
        </Title>
        {stats.questions.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t(`${NS}.results.questions_empty`)}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${NS}.results.question`)}</Table.Th>
                  <Table.Th>{t(`${NS}.results.answered`)}</Table.Th>
                  <Table.Th>{t(`${NS}.results.difficulty`)}</Table.Th>
                  <Table.Th>{t(`${NS}.results.discrimination`)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.questions.map((q) => (
                  <Table.Tr key={q.question_id} data-testid="question-stat">
                    <Table.Td maw={420}>
                      <Text fz="sm" lineClamp={2}>
                        {q.title}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {t(`questions.types.${q.type}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{q.answered.toLocaleString(i18n.language)}</Table.Td>
                    <Table.Td>
                      {q.difficulty === null ? '—' : percent(Math.round(q.difficulty * 100), i18n.language)}
                    </Table.Td>
                    <Table.Td>
                      {q.discrimination === null ? (
                        <Text fz="sm" c="dimmed">
                          {t(`${NS}.results.not_enough`)}
                        </Text>
                      ) : (
                        <Badge variant="light" color={q.discrimination < 0.2 ? 'warning' : 'success'}>
                          {q.discrimination.toLocaleString(i18n.language, { minimumFractionDigits: 2 })}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Stack gap={4}>
          <Text fz="xs" c="dimmed">
            <strong>{t(`${NS}.results.difficulty`)}:</strong> {t(`${NS}.results.difficulty_hint`)}
          </Text>
          <Text fz="xs" c="dimmed">
            <strong>{t(`${NS}.results.discrimination`)}:</strong> {t(`${NS}.results.discrimination_hint`)}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}

function GradeCard({ examId, item }: { examId: number; item: GradingItem }) {
  const { t, i18n } = useTranslation();
  const grade = useGrade(examId);
  const [points, setPoints] = useState<number | string>('');
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    grade.mutate(
      {
        attemptId: item.attempt_id,
        position: item.position,
        body: { points: Number(points), feedback: feedback.trim() === '' ? null : feedback },
      },
      {
        onSuccess: () => notifications.show({ color: 'success', message: t(`${NS}.grading.saved`) }),
        onError: (failure: Error & { fieldErrors?: Record<string, string[]> }) =>
          setError(failure.fieldErrors?.points?.[0] ?? failure.message),
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="grading-item">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t(`${NS}.grading.question_of`, { name: item.user.name, position: item.position })}</Text>
          {item.submitted_at && (
            <Text fz="xs" c="dimmed">
              {formatDateTime(item.submitted_at, i18n.language)}
            </Text>
          )}
        </Group>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the bank's HTML, sanitized by the server and again here. */}
        <div className="kampus-rich-text" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(item.question) }} />
        {item.guidance && (
          <Alert variant="light" color="blue" title={t(`${NS}.grading.guidance`)}>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the bank's HTML, sanitized by the server and again here. */}
            <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(item.guidance) }} />
          </Alert>
        )}
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {t(`${NS}.grading.answer`)}
          </Text>
          <Paper bg="var(--mantine-color-gray-light)" p="sm" radius="sm">
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="grading-answer">
              {item.answer ?? t(`${NS}.grading.no_answer`)}
            </Text>
          </Paper>
        </Stack>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap="sm">
            <Group align="flex-start" wrap="wrap">
              <NumberInput
                label={t(`${NS}.grading.points`, { max: item.max_points })}
                min={0}
                max={item.max_points}
                decimalScale={2}
                value={points}
                onChange={setPoints}
                error={error}
                required
                w={200}
                data-testid="grading-points"
              />
              <Textarea
                label={t(`${NS}.grading.feedback`)}
                value={feedback}
                onChange={(event) => setFeedback(event.currentTarget.value)}
                rows={3}
                style={{ flex: 1, minWidth: 240 }}
                data-testid="grading-feedback"
              />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={grade.isPending} disabled={points === ''} data-testid="grading-save">
                {t(`${NS}.grading.save`)}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function GradingQueue({ examId }: { examId: number }) {
  const { t } = useTranslation();
  const queue = useGradingQueue(examId, true);
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="grading-queue">
      <Stack>
        <Group gap="xs">
          <IconChecklist size={20} aria-hidden />
          <Title order={2} fz="h4">
            {t(`${NS}.grading.title`)}
          </Title>
          {(queue.data?.length ?? 0) > 0 && <Badge color="warning">{queue.data?.length}</Badge>}
        </Group>
        {queue.isLoading ? (
          <Center p="md">
            <Loader size="sm" aria-label={t('resource.loading')} />
          </Center>
        ) : queue.isError ? (
          <Alert color="danger" role="alert">
            {t(`${NS}.results.load_error`)}
          </Alert>
        ) : (queue.data ?? []).length === 0 ? (
          <Text c="dimmed" fz="sm" data-testid="grading-empty">
            {t(`${NS}.grading.empty`)}
          </Text>
        ) : (
          (queue.data ?? []).map((item) => (
            <GradeCard key={`${item.attempt_id}:${item.position}`} examId={examId} item={item} />
          ))
        )}
      </Stack>
    </Paper>
  );
}

function useAttemptColumns(): TableColumn<ExamAttemptRow>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'person',
        title: t(`${NS}.attempt_columns.person`),
        sortable: true,
        hideable: false,
        render: (row) => (
          <Stack gap={0}>
            <Text fz="sm" fw={600}>
              {row.user.name}
            </Text>
            {row.user.email && (
              <Text fz="xs" c="dimmed">
                {row.user.email}
              </Text>
            )}
          </Stack>
        ),
      },
      { accessor: 'number', title: t(`${NS}.attempt_columns.number`), sortable: true, noWrap: true },
      {
        accessor: 'state',
        title: t(`${NS}.attempt_columns.state`),
        sortable: true,
        noWrap: true,
        render: (row) => <AttemptStateBadge row={row} />,
      },
      {
        accessor: 'score',
        title: t(`${NS}.attempt_columns.score`),
        sortable: true,
        noWrap: true,
        render: (row) => percent(row.score_percent, i18n.language),
      },
      {
        accessor: 'started_at',
        title: t(`${NS}.attempt_columns.started_at`),
        sortable: true,
        noWrap: true,
        render: (row) => formatDateTime(row.started_at, i18n.language),
      },
      {
        accessor: 'submitted_at',
        title: t(`${NS}.attempt_columns.submitted_at`),
        sortable: true,
        noWrap: true,
        render: (row) => (row.submitted_at ? formatDateTime(row.submitted_at, i18n.language) : '—'),
      },
      {
        accessor: 'tab_leaves',
        title: t(`${NS}.attempt_columns.tab_leaves`),
        noWrap: true,
        render: (row) => (
          <Tooltip label={t(`${NS}.results.tab_leaves_hint`)} withArrow>
            <Badge
              variant={row.tab_leaves > 0 ? 'light' : 'transparent'}
              color={row.tab_leaves > 2 ? 'warning' : 'gray'}
            >
              {row.tab_leaves}
            </Badge>
          </Tooltip>
        ),
      },
    ],
    [t, i18n.language],
  );
}

function Attempts({ examId }: { examId: number }) {
  const { t } = useTranslation();
  const list = useListState(ATTEMPTS_LIST_CONFIG);
  const attempts = useExamAttempts(examId, list.apiQuery);
  const columns = useAttemptColumns();
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'state',
      label: t(`${NS}.results.state_filter`),
      options: ATTEMPT_STATES.map((state) => ({ value: state, label: t(`exams.states.${state}`) })),
    },
  ];
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        {t(`${NS}.results.attempts_title`)}
      </Title>
      <DataTable<ExamAttemptRow>
        tableId="exam-attempts"
        label={t(`${NS}.results.attempts_title`)}
        list={list}
        columns={columns}
        records={attempts.data?.data ?? []}
        total={attempts.data?.meta.total ?? 0}
        fetching={attempts.isFetching}
        error={attempts.isError ? (attempts.error as Error).message : null}
        onRetry={() => void attempts.refetch()}
        filters={filters}
        exportPath={(format) => attemptsExportPath(examId, format, list.apiQuery)}
        emptyTitle={t(`${NS}.results.attempts_empty`)}
      />
    </Stack>
  );
}

/**
 * `/admin/exam/{id}/results` (show_exam): the exam's summary, score distribution, each question's difficulty (share
 * correct) and discrimination (upper–lower 27%), the attempts with search, sort, state filter and export, and for
 * create_exam the grading queue of open answers.
 */
export default function ExamResultsPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  const examId = Number(id);
  const store = useResourceStore(examsResource, { id });
  const stats = useExamStats(examId);
  const roles = useSessionUser()?.roles;
  const canGrade = sessionCan(roles, examsResource.contract.permissions.update);
  const exam = store.item;
  if (store.itemQuery.isLoading) {
    return (
      <Center p="xl">
        <Loader aria-label={t('resource.loading')} />
      </Center>
    );
  }
  if (!exam) {
    return (
      <Alert color="danger" title={t('resource.load_failed')}>
        <Button variant="subtle" onClick={() => void store.itemQuery.refetch()}>
          {t('resource.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="lg" data-testid="exam-results-page">
      <PageHeader
        description={t(`${NS}.results.title`, { name: exam.title })}
        actions={
          canGrade ? (
            <Button
              component={Link}
              to={examEditPath(exam)}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {t(`${NS}.results.back`)}
            </Button>
          ) : undefined
        }
      />
      <Group gap="xs">
        <ExamKindBadge kind={exam.kind} />
        <Text fz="sm" c="dimmed">
          {t('exams.fields.pass_mark')}: %{exam.pass_mark}
        </Text>
      </Group>
      {stats.isLoading ? (
        <Center p="md">
          <Loader size="sm" aria-label={t('resource.loading')} />
        </Center>
      ) : stats.isError || !stats.data ? (
        <Alert color="danger" role="alert">
          {t(`${NS}.results.load_error`)}
        </Alert>
      ) : stats.data.attempts === 0 ? (
        <EmptyState icon={<IconChartBar size={28} aria-hidden />} title={t(`${NS}.results.attempts_empty`)} />
      ) : (
        <>
          <Summary stats={stats.data} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Distribution stats={stats.data} />
            <QuestionStats stats={stats.data} />
          </SimpleGrid>
        </>
      )}
      {canGrade && <GradingQueue examId={examId} />}
      <Attempts examId={examId} />
    </Stack>
  );
}

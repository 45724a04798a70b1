import '@mantine/charts/styles.css';
import type { SurveyResults as Results, SurveyKind, SurveyQuestionSummary } from '@kampus/shared';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconEyeOff, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { ExportProgress } from '../../../../components/ExportProgress.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { startExport } from '../../../../lib/exports.js';
import { adminBase, useSurveyResults } from '../api.js';
import { screensOf } from './screens.js';

const NS = 'surveys.results';

/** One question's summary: a bar chart of its counts (with mean or NPS), or its free-text answers. */
function QuestionResult({ summary, index }: { summary: SurveyQuestionSummary; index: number }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language, { maximumFractionDigits: 2 });
  const titleId = `question-result-${summary.id}`;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      data-testid="survey-result-question"
      aria-labelledby={titleId}
      component="section"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="md" id={titleId}>
            {index + 1}. {summary.text}
          </Title>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {t(`surveys.types.${summary.type}`)}
          </Badge>
        </Group>
        <Group gap="lg">
          <Text fz="sm" c="dimmed">
            {t(`${NS}.answered`, { count: summary.answered })}
          </Text>
          {summary.mean !== null && (
            <Text fz="sm" data-testid="survey-result-mean">
              {t(`${NS}.mean`, { value: number(summary.mean) })}
            </Text>
          )}
          {summary.nps !== null && (
            <Text fz="sm" fw={600} data-testid="survey-result-nps">
              {t(`${NS}.nps`, { value: summary.nps })}
            </Text>
          )}
        </Group>
        {summary.type === 'free_text' ? (
          summary.texts.length === 0 ? (
            <Text c="dimmed" fz="sm">
              {t(`${NS}.no_texts`)}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={320}>
              <List spacing="xs" size="sm" data-testid="survey-result-texts">
                {summary.texts.map((text, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: answers carry no id (anonymous ones must not)
                  <List.Item key={i}>{text}</List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          )
        ) : (
          <>
            <BarChart
              h={Math.max(180, summary.counts.length > 7 ? 220 : 200)}
              data={summary.counts.map((c) => ({ label: c.label, count: c.count }))}
              dataKey="label"
              series={[{ name: 'count', label: t(`${NS}.count`), color: 'blue.6' }]}
              tickLine="y"
              gridAxis="y"
              withTooltip
              // The table below carries the figures for assistive technology; the drawing stays out of the tab order.
              barChartProps={{ accessibilityLayer: false }}
              aria-hidden
              data-testid="survey-result-chart"
            />
            {/* The chart's figures as a table, for screen readers and for reading exact counts. */}
            <Table fz="xs" withTableBorder striped captionSide="top" data-testid="survey-result-table">
              <Table.Caption>{t(`${NS}.table_caption`)}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${NS}.answer`)}</Table.Th>
                  <Table.Th ta="right">{t(`${NS}.count`)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.counts.map((c) => (
                  <Table.Tr key={c.key}>
                    <Table.Td>{c.label}</Table.Td>
                    <Table.Td ta="right">{c.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Detail({ results }: { results: Results }) {
  const { t, i18n } = useTranslation();
  if (!results.detail) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="survey-detail-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="survey-detail-title">
          {t(`${NS}.detail_title`)}
        </Title>
        {results.detail.length === 0 ? (
          <Text c="dimmed">{t(`${NS}.empty`)}</Text>
        ) : (
          <ScrollArea>
            <Table striped withTableBorder data-testid="survey-detail">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${NS}.person`)}</Table.Th>
                  <Table.Th>{t(`${NS}.submitted_at`)}</Table.Th>
                  {results.questions.map((q, i) => (
                    <Table.Th key={q.id} title={q.text}>
                      {i + 1}.
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.detail.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.user?.name ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(row.submitted_at, i18n.language)}
                    </Table.Td>
                    {results.questions.map((q) => (
                      <Table.Td key={q.id}>{row.answers[String(q.id)] ?? ''}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * One survey's results (`/admin/survey/{id}/results`, `/admin/evaluation-survey/{id}/results`): a chart and table per
 * question, the NPS and means, free-text answers, per education (the general end-of-education report) and per
 * department, each response's answers (the detailed report; never for an anonymous survey) and the answers export.
 */
export function SurveyResults({ kind }: { kind: SurveyKind }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const educationId = Number(params.get('education_id')) || undefined;
  const byDepartment = params.get('group_by') === 'department';
  const query = useSurveyResults(kind, id, { educationId, byDepartment });
  const [jobId, setJobId] = useState<number | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const set = (key: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  const exportAnswers = async () => {
    setExportError(null);
    try {
      setJobId(
        await startExport(`${adminBase(kind)}/${id}/answers/export`, {
          format: 'xlsx',
          ...(educationId ? { education_id: educationId } : {}),
        }),
      );
    } catch (error) {
      setExportError(error instanceof Error ? error.message : t('general.error_occurred'));
    }
  };

  if (query.isPending) {
    return (
      <Stack aria-busy="true">
        <Loader size="sm" role="status" aria-label={t('resource.loading')} />
        <Skeleton h={60} />
        <Skeleton h={260} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="danger" role="alert" title={t(`${NS}.load_failed`)}>
        <Group justify="space-between">
          <Text fz="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => query.refetch()}>
            {t('resource.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const results = query.data;
  const actions = (
    <Group>
      <Button component={Link} to={screensOf(kind).edit(id)} variant="default">
        {t(`${NS}.edit_survey`)}
      </Button>
      <Button
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={exportAnswers}
        disabled={results.responses === 0}
        data-testid="survey-export"
      >
        {t(`${NS}.export`)}
      </Button>
    </Group>
  );
  return (
    <Stack gap="lg" data-testid="survey-results">
      <PageHeader description={t(`${NS}.description`)} actions={actions} />
      {jobId !== null && <ExportProgress jobId={jobId} fallbackName={`${results.survey.title}.xlsx`} />}
      {exportError && (
        <Alert color="danger" role="alert">
          {exportError}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Title order={2} fz="h3" data-testid="survey-results-title">
                {results.survey.title}
              </Title>
              <Group gap="xs">
                <Badge variant="light" size="lg" data-testid="survey-results-count">
                  {t(`${NS}.responses`, { count: results.responses })}
                </Badge>
                {results.survey.anonymous && (
                  <Badge variant="dot" color="teal">
                    {t('surveys.anonymous')}
                  </Badge>
                )}
              </Group>
            </Stack>
            <Group gap="md" align="flex-end">
              {kind === 'evaluation' && (
                <Select
                  label={t(`${NS}.education`)}
                  placeholder={t(`${NS}.all_educations`)}
                  data={results.educations.map((e) => ({
                    value: String(e.id),
                    label: `${e.title} (${e.responses})`,
                  }))}
                  value={educationId ? String(educationId) : null}
                  onChange={(value) => set('education_id', value)}
                  clearable
                  w={300}
                  data-testid="survey-results-education"
                />
              )}
              <Switch
                label={t(`${NS}.by_department`)}
                checked={byDepartment}
                onChange={(event) => set('group_by', event.currentTarget.checked ? 'department' : null)}
                data-testid="survey-results-by-department"
              />
            </Group>
          </Group>
          {results.survey.anonymous && (
            <Text fz="sm" c="dimmed">
              {t(`${NS}.anonymous_note`, { count: results.min_group })}
            </Text>
          )}
        </Stack>
      </Paper>
      {results.suppressed ? (
        <Paper withBorder radius="lg" p="xl">
          <EmptyState
            icon={<IconEyeOff size={26} />}
            title={t(`${NS}.suppressed_title`)}
            text={t(`${NS}.suppressed_text`, { count: results.min_group })}
            testId="survey-results-suppressed"
          />
        </Paper>
      ) : results.responses === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <EmptyState title={t(`${NS}.empty`)} text={t(`${NS}.empty_text`)} testId="survey-results-empty" />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {results.questions.map((summary, index) => (
            <QuestionResult key={summary.id} summary={summary} index={index} />
          ))}
        </SimpleGrid>
      )}
      {byDepartment && !results.suppressed && results.groups.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="survey-groups-title">
          <Title order={2} fz="h4" id="survey-groups-title">
            {t(`${NS}.groups_title`)}
          </Title>
          {results.groups.map((group) => (
            <Paper key={group.name} withBorder radius="lg" p="md" data-testid="survey-result-group">
              <Group gap="xs" mb="xs">
                <IconUsersGroup size={18} aria-hidden />
                <Text fw={600}>{group.name || t(`${NS}.no_department`)}</Text>
                {!group.suppressed && <Badge variant="light">{t(`${NS}.responses`, { count: group.responses })}</Badge>}
              </Group>
              {group.suppressed ? (
                <Text fz="sm" c="dimmed">
                  {t(`${NS}.group_suppressed`, { count: results.min_group })}
                </Text>
              ) : (
                <Table fz="sm" withTableBorder>
                  <Table.Tbody>
                    {group.questions.map((q, i) => (
                      <Table.Tr key={q.id}>
                        <Table.Td>
                          {i + 1}. {q.text}
                        </Table.Td>
                        <Table.Td ta="right">
                          {q.nps !== null
                            ? t(`${NS}.nps`, { value: q.nps })
                            : q.mean !== null
                              ? t(`${NS}.mean`, { value: q.mean })
                              : t(`${NS}.answered`, { count: q.answered })}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      <Detail results={results} />
      <Anchor component={Link} to={screensOf(kind).list} fz="sm">
        {t(`${NS}.back`)}
      </Anchor>
    </Stack>
  );
}

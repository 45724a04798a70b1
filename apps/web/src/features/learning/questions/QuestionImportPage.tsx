import '@mantine/dropzone/styles.css';
import {
  formatFileSize,
  QUESTION_IMPORT_ACCEPT,
  QUESTION_IMPORT_COLUMNS,
  QUESTION_IMPORT_MAX_BYTES,
  type QuestionImportResult,
  type QuestionImportRowError,
} from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import {
  IconCircleCheck,
  IconDownload,
  IconFileSpreadsheet,
  IconFileUpload,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { downloadFile } from '../../../lib/download.js';
import { IMPORT_TEMPLATE_PATH, importQuestions, questionsResource } from './api.js';

const NS = 'questionImport';
const ERRORS_PER_PAGE = 50;

function TemplateStep() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(IMPORT_TEMPLATE_PATH, `${t(`${NS}.template_file`)}.xlsx`);
    } catch (error) {
      notifications.show({
        color: 'danger',
        title: t(`${NS}.download_failed`),
        message: error instanceof Error ? error.message : t('general.error_occurred'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t(`${NS}.step_template`)}
        </Title>
        <Text fz="sm" c="dimmed">
          {t(`${NS}.step_template_text`)}
        </Text>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy}
            onClick={() => void download()}
            data-testid="question-import-template"
          >
            {t(`${NS}.download`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function FilePicker({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState(false);
  if (file) {
    return (
      <Group gap="sm" wrap="nowrap" data-testid="import-file">
        <IconFileSpreadsheet size={28} aria-hidden />
        <Text fz="sm" fw={500} style={{ wordBreak: 'break-all' }}>
          {t(`${NS}.file_selected`, { name: file.name, size: formatFileSize(file.size) })}
        </Text>
        <Tooltip label={t(`${NS}.remove_file`)} withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label={t(`${NS}.remove_file`)} onClick={() => onChange(null)}>
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      <Dropzone
        onDrop={(files) => {
          setRefused(false);
          onChange(files[0] ?? null);
        }}
        onReject={() => setRefused(true)}
        accept={QUESTION_IMPORT_ACCEPT as unknown as Record<string, string[]>}
        maxSize={QUESTION_IMPORT_MAX_BYTES}
        multiple={false}
        radius="lg"
        data-testid="import-dropzone"
        inputProps={{ 'aria-label': t(`${NS}.drop_text`) }}
      >
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={40} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={40} aria-hidden />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text fw={500}>{t(`${NS}.drop_text`)}</Text>
            <Text fz="sm" c="dimmed">
              {t(`${NS}.drop_hint`)}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {refused && (
        <Text fz="sm" c="danger" role="alert">
          {t(`${NS}.file_refused`)}
        </Text>
      )}
    </Stack>
  );
}

function Figures({ result }: { result: QuestionImportResult }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const figures = [
    ['rows', result.summary.rows],
    ['valid', result.summary.valid],
    ['invalid', result.summary.invalid],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} data-testid="import-summary">
      {figures.map(([key, value]) => (
        <Paper key={key} withBorder radius="md" p="sm" data-testid={`import-summary-${key}`} data-value={value}>
          <Text fz="sm" c="dimmed">
            {t(`${NS}.summary.${key}`)}
          </Text>
          <Text fz={26} fw={700} c={key === 'invalid' && value > 0 ? 'danger' : undefined}>
            {number.format(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function RowErrors({ errors, title }: { errors: QuestionImportRowError[]; title: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const titleId = useId();
  const columnLabel = (error: QuestionImportRowError) =>
    error.column && (QUESTION_IMPORT_COLUMNS as readonly string[]).includes(error.column)
      ? t(`${NS}.columns.${error.column}`).replace(/\s*\*$/, '')
      : t(`${NS}.whole_row`);
  if (errors.length === 0) {
    return (
      <Group gap="xs" data-testid="import-no-errors">
        <IconCircleCheck size={20} color="var(--mantine-color-success-6)" aria-hidden />
        <Text fz="sm">{t(`${NS}.errors_none`)}</Text>
      </Group>
    );
  }
  const pages = Math.ceil(errors.length / ERRORS_PER_PAGE);
  const shown = errors.slice((page - 1) * ERRORS_PER_PAGE, page * ERRORS_PER_PAGE);
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5" id={titleId}>
        {title}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs" aria-labelledby={titleId} data-testid="import-errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${NS}.error_columns.row`)}</Table.Th>
              <Table.Th>{t(`${NS}.error_columns.column`)}</Table.Th>
              <Table.Th>{t(`${NS}.error_columns.value`)}</Table.Th>
              <Table.Th>{t(`${NS}.error_columns.message`)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((error) => (
              <Table.Tr
                key={`${error.row}-${error.column}-${error.message}`}
                data-testid="import-error-row"
                data-row={error.row}
              >
                <Table.Td>{error.row}</Table.Td>
                <Table.Td>{columnLabel(error)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>{error.value || '—'}</Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
    </Stack>
  );
}

function Preview({ result }: { result: QuestionImportResult }) {
  const { t } = useTranslation();
  if (result.preview.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        {t(`${NS}.preview_title`)}
      </Title>
      <List spacing={4} size="sm" data-testid="import-preview-list">
        {result.preview.map((row) => (
          <List.Item key={row.row}>
            <Badge variant="light" size="sm" mr="xs">
              {t(`questions.types.${row.type}`)}
            </Badge>
            {row.title}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function Outcome({ result, onAgain }: { result: QuestionImportResult; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm" data-testid="import-result" data-created={result.created}>
        <Alert color="success" icon={<IconCircleCheck size={20} aria-hidden />} title={t(`${NS}.result_title`)}>
          <Stack gap={4}>
            <Text fz="sm">{t(`${NS}.result_text`, { count: result.created })}</Text>
            {result.summary.invalid > 0 && (
              <Text fz="sm">{t(`${NS}.result_skipped`, { count: result.summary.invalid })}</Text>
            )}
          </Stack>
        </Alert>
        <Group gap="xs">
          <Button component={Link} to={pathTo('company.question.index')} data-testid="import-go-to-list">
            {t(`${NS}.go_to_list`)}
          </Button>
          <Button variant="light" onClick={onAgain}>
            {t(`${NS}.start_over`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /admin/question/import (create_exam): download the template (columns explained, an example of every type), pick a
 * file, see a dry run (the summary, the questions to be written and every bad row with its reason), then import the
 * valid rows.
 */
export default function QuestionImportPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const check = useMutation({ mutationFn: (picked: File) => importQuestions(picked, true) });
  const run = useMutation({
    mutationFn: (picked: File) => importQuestions(picked, false),
    onSuccess: () => client.invalidateQueries({ queryKey: questionsResource.keys.all }),
  });
  const choose = (next: File | null) => {
    setFile(next);
    check.reset();
    run.reset();
  };
  const preview = check.data;

  if (run.data) return <Outcome result={run.data} onAgain={() => choose(null)} />;

  return (
    <Stack gap="lg">
      <PageHeader
        description={t(`${NS}.description`)}
        actions={
          <Anchor component={Link} to={pathTo('company.question.index')} fz="sm">
            {t(`${NS}.go_to_list`)}
          </Anchor>
        }
      />
      <TemplateStep />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t(`${NS}.step_file`)}
          </Title>
          <FilePicker file={file} onChange={choose} />
          <Group>
            <Button
              onClick={() => file && check.mutate(file)}
              disabled={!file || run.isPending}
              loading={check.isPending}
              data-testid="import-check"
            >
              {t(`${NS}.check`)}
            </Button>
          </Group>
          {check.isError && (
            <Alert color="danger" title={t(`${NS}.check_failed`)} data-testid="import-check-error">
              {check.error.message}
            </Alert>
          )}
        </Stack>
      </Paper>
      {preview && file && (
        <Paper withBorder radius="lg" p="md" data-testid="import-preview">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                {t(`${NS}.step_preview`)}
              </Title>
              <Badge variant="light">{file.name}</Badge>
            </Group>
            <Figures result={preview} />
            {preview.ignored_columns.length > 0 && (
              <Alert color="warning" data-testid="import-ignored-columns">
                {t(`${NS}.ignored_columns`, { columns: preview.ignored_columns.join(', ') })}
              </Alert>
            )}
            <Preview result={preview} />
            <RowErrors errors={preview.errors} title={t(`${NS}.errors_title`)} />
            {run.isError && (
              <Alert color="danger" title={t(`${NS}.import_failed`)} data-testid="import-run-error">
                {run.error.message}
              </Alert>
            )}
            {preview.summary.valid === 0 ? (
              <Text fz="sm" c="dimmed">
                {t(`${NS}.nothing_to_import`)}
              </Text>
            ) : (
              <Group>
                <Button
                  onClick={() => run.mutate(file)}
                  loading={run.isPending}
                  leftSection={<IconUpload size={16} aria-hidden />}
                  data-testid="import-run"
                >
                  {t(`${NS}.import_button`, { count: preview.summary.valid })}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

import '@mantine/dropzone/styles.css';
import { formatFileSize } from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
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
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadFile } from '../lib/download.js';
import { PageHeader } from './PageHeader.js';

const ERRORS_PER_PAGE = 50;

/** One problem of one row, as every import answers it (`header`: the column's header as written in the file). */
export interface ImportRowError {
  row: number;
  column: string | null;
  header?: string | null;
  value: string | null;
  message: string;
}

/** What every import answers, dry run or not. */
export interface ImportResultBase {
  summary: { rows: number; invalid: number };
  errors: ImportRowError[];
  ignored_columns: string[];
}

/** A template to download: its address (fetched with the session's headers) and the file's extension. */
export interface ImportTemplate {
  path: string;
  format: string;
  /** The button's text key. */
  labelKey: string;
  testId: string;
}

export interface ImportPageProps<Result extends ImportResultBase> {
  /**
   * The locale namespace of the import's texts. It holds description, step_template, step_template_text,
   * template_file, download_failed, step_file, drop_text, drop_hint, file_refused, file_selected, remove_file, check,
   * check_failed, step_preview, summary.<figure>, ignored_columns, errors_title, errors_none, errors_skipped_title,
   * whole_row, error_columns.{row,column,value,message}, import_failed, nothing_to_import, import_button, result_title,
   * go_to_list, start_over and columns.<column>.
   */
  ns: string;
  templates: ImportTemplate[];
  /** Dropzone's accept map (mime → extensions) and the largest file in bytes. */
  accept: Record<string, readonly string[]>;
  maxBytes: number;
  /** The known column keys: their labels come from `{ns}.columns.{key}` (a trailing required-star dropped). */
  columns: readonly string[];
  /** Checks (dry run) or imports the file. */
  send: (file: File, dryRun: boolean) => Promise<Result>;
  /** The query keys the import makes stale. */
  invalidates: QueryKey;
  /** Where the resource's list is. */
  listPath: string;
  /** The dry run's figures, in order: `{ns}.summary.{key}` labels them. */
  figures: (result: Result) => [key: string, value: number][];
  /** The rows an import would write. */
  importable: (result: Result) => number;
  /** Controls of the import beside the file (e.g. whether to send invitations). */
  options?: ReactNode;
  /** What the dry run shows above its problems besides the figures (e.g. the rows as they will read). */
  preview?: (result: Result) => ReactNode;
  /** The finished import's sentences. */
  outcome: (result: Result) => ReactNode;
  /** Data attributes of the finished import's box, for tests (e.g. created and updated counts). */
  outcomeData?: (result: Result) => Record<`data-${string}`, string | number>;
  /** What else the check depends on besides the file (e.g. the images sent with it): a change asks for a new check. */
  inputsKey?: string;
}

function TemplateStep({ ns, templates }: { ns: string; templates: ImportTemplate[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (template: ImportTemplate) => {
    setBusy(template.path);
    try {
      await downloadFile(template.path, `${t(`${ns}.template_file`)}.${template.format}`);
    } catch (error) {
      notifications.show({
        color: 'danger',
        title: t(`${ns}.download_failed`),
        message: error instanceof Error ? error.message : t('general.error_occurred'),
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t(`${ns}.step_template`)}
        </Title>
        <Text fz="sm" c="dimmed">
          {t(`${ns}.step_template_text`)}
        </Text>
        <Group gap="xs">
          {templates.map((template) => (
            <Button
              key={template.path}
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={busy === template.path}
              onClick={() => void download(template)}
              data-testid={template.testId}
            >
              {t(template.labelKey)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

function FilePicker({
  ns,
  accept,
  maxBytes,
  file,
  onChange,
}: {
  ns: string;
  accept: Record<string, readonly string[]>;
  maxBytes: number;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState(false);
  if (file) {
    return (
      <Group gap="sm" wrap="nowrap" data-testid="import-file">
        <IconFileSpreadsheet size={28} aria-hidden />
        <Text fz="sm" fw={500} style={{ wordBreak: 'break-all' }}>
          {t(`${ns}.file_selected`, { name: file.name, size: formatFileSize(file.size) })}
        </Text>
        <Tooltip label={t(`${ns}.remove_file`)} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t(`${ns}.remove_file`)}
            onClick={() => onChange(null)}
            data-testid="import-file-remove"
          >
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
        accept={accept as Record<string, string[]>}
        maxSize={maxBytes}
        multiple={false}
        radius="lg"
        data-testid="import-dropzone"
        inputProps={{ 'aria-label': t(`${ns}.drop_text`) }}
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
            <Text fw={500}>{t(`${ns}.drop_text`)}</Text>
            <Text fz="sm" c="dimmed">
              {t(`${ns}.drop_hint`)}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {refused && (
        <Text fz="sm" c="danger" role="alert">
          {t(`${ns}.file_refused`)}
        </Text>
      )}
    </Stack>
  );
}

function Figures({ ns, figures }: { ns: string; figures: [string, number][] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 2, sm: figures.length }} data-testid="import-summary">
      {figures.map(([key, value]) => (
        <Paper key={key} withBorder radius="md" p="sm" data-testid={`import-summary-${key}`} data-value={value}>
          <Text fz="sm" c="dimmed">
            {t(`${ns}.summary.${key}`)}
          </Text>
          <Text fz={26} fw={700} c={key === 'invalid' && value > 0 ? 'danger' : undefined}>
            {number.format(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function RowErrors({
  ns,
  columns,
  errors,
  title,
}: {
  ns: string;
  columns: readonly string[];
  errors: ImportRowError[];
  title: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const titleId = useId();
  // The column as the admin knows it: the file's header, else the column's name, else "whole row".
  const columnLabel = (error: ImportRowError) => {
    if (error.header) return error.header;
    if (!error.column) return t(`${ns}.whole_row`);
    return columns.includes(error.column) ? t(`${ns}.columns.${error.column}`).replace(/\s*\*$/, '') : error.column;
  };
  if (errors.length === 0) {
    return (
      <Group gap="xs" data-testid="import-no-errors">
        <IconCircleCheck size={20} color="var(--mantine-color-success-6)" aria-hidden />
        <Text fz="sm">{t(`${ns}.errors_none`)}</Text>
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
              <Table.Th>{t(`${ns}.error_columns.row`)}</Table.Th>
              <Table.Th>{t(`${ns}.error_columns.column`)}</Table.Th>
              <Table.Th>{t(`${ns}.error_columns.value`)}</Table.Th>
              <Table.Th>{t(`${ns}.error_columns.message`)}</Table.Th>
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

/**
 * An import's page (users, questions): download the template, pick a file, see a dry run (the figures, what will be
 * written and every bad row with its reason), then import the valid rows and see what was done. The page of a
 * resource gives its endpoints, columns and texts.
 */
export function ImportPage<Result extends ImportResultBase>(props: ImportPageProps<Result>) {
  const { ns, columns } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const check = useMutation({ mutationFn: (picked: File) => props.send(picked, true) });
  const run = useMutation({
    mutationFn: (picked: File) => props.send(picked, false),
    onSuccess: () => client.invalidateQueries({ queryKey: props.invalidates }),
  });
  const choose = (next: File | null) => {
    setFile(next);
    check.reset();
    run.reset();
  };
  // A check made with other inputs says nothing of these: it is not shown, and the import waits for a new one.
  const [checkedWith, setCheckedWith] = useState(props.inputsKey);
  const preview = checkedWith === props.inputsKey ? check.data : undefined;
  const valid = preview ? props.importable(preview) : 0;

  if (run.data) {
    const result = run.data;
    return (
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm" data-testid="import-result" {...props.outcomeData?.(result)}>
          <Alert color="success" icon={<IconCircleCheck size={20} aria-hidden />} title={t(`${ns}.result_title`)}>
            <Stack gap={4}>{props.outcome(result)}</Stack>
          </Alert>
          {result.errors.length > 0 && (
            <RowErrors ns={ns} columns={columns} errors={result.errors} title={t(`${ns}.errors_skipped_title`)} />
          )}
          <Group gap="xs">
            <Button component={Link} to={props.listPath} data-testid="import-go-to-list">
              {t(`${ns}.go_to_list`)}
            </Button>
            <Button variant="light" onClick={() => choose(null)} data-testid="import-again">
              {t(`${ns}.start_over`)}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        description={t(`${ns}.description`)}
        actions={
          <Anchor component={Link} to={props.listPath} fz="sm">
            {t(`${ns}.go_to_list`)}
          </Anchor>
        }
      />
      <TemplateStep ns={ns} templates={props.templates} />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t(`${ns}.step_file`)}
          </Title>
          <FilePicker ns={ns} accept={props.accept} maxBytes={props.maxBytes} file={file} onChange={choose} />
          {props.options}
          <Group>
            <Button
              onClick={() => {
                if (!file) return;
                setCheckedWith(props.inputsKey);
                check.mutate(file);
              }}
              disabled={!file || run.isPending}
              loading={check.isPending}
              data-testid="import-check"
            >
              {t(`${ns}.check`)}
            </Button>
          </Group>
          {check.isError && (
            <Alert color="danger" title={t(`${ns}.check_failed`)} data-testid="import-check-error">
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
                {t(`${ns}.step_preview`)}
              </Title>
              <Badge variant="light">{file.name}</Badge>
            </Group>
            <Figures ns={ns} figures={props.figures(preview)} />
            {preview.ignored_columns.length > 0 && (
              <Alert color="warning" data-testid="import-ignored-columns">
                {t(`${ns}.ignored_columns`, { columns: preview.ignored_columns.join(', ') })}
              </Alert>
            )}
            {props.preview?.(preview)}
            <RowErrors ns={ns} columns={columns} errors={preview.errors} title={t(`${ns}.errors_title`)} />
            {run.isError && (
              <Alert color="danger" title={t(`${ns}.import_failed`)} data-testid="import-run-error">
                {run.error.message}
              </Alert>
            )}
            {valid === 0 ? (
              <Text fz="sm" c="dimmed">
                {t(`${ns}.nothing_to_import`)}
              </Text>
            ) : (
              <Group>
                <Button
                  onClick={() => run.mutate(file)}
                  loading={run.isPending}
                  leftSection={<IconUpload size={16} aria-hidden />}
                  data-testid="import-run"
                >
                  {t(`${ns}.import_button`, { count: valid })}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

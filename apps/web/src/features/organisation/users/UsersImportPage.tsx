import '@mantine/dropzone/styles.css';
import {
  type ExportFormat,
  formatFileSize,
  USER_IMPORT_ACCEPT,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_BYTES,
  type UserImportResult,
  type UserImportRowError,
} from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { downloadFile } from '../../../lib/download.js';
import { usersResource } from './api.js';
import { importTemplatePath, importUsers } from './import-api.js';

const ERRORS_PER_PAGE = 50;

function TemplateStep() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadFile(importTemplatePath(format), `${t('users_import.template_file')}.${format}`);
    } catch (error) {
      notifications.show({
        color: 'danger',
        title: t('users_import.download_failed'),
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
          {t('users_import.step_template')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('users_import.step_template_text')}
        </Text>
        <Group gap="xs">
          {(['xlsx', 'csv'] as const).map((format) => (
            <Button
              key={format}
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={busy === format}
              onClick={() => void download(format)}
              data-testid={`import-template-${format}`}
            >
              {t(`users_import.download_${format}`)}
            </Button>
          ))}
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
          {t('users_import.file_selected', { name: file.name, size: formatFileSize(file.size) })}
        </Text>
        <Tooltip label={t('users_import.remove_file')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('users_import.remove_file')}
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
        accept={USER_IMPORT_ACCEPT as unknown as Record<string, string[]>}
        maxSize={USER_IMPORT_MAX_BYTES}
        multiple={false}
        radius="lg"
        data-testid="import-dropzone"
        inputProps={{ 'aria-label': t('users_import.drop_text') }}
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
            <Text fw={500}>{t('users_import.drop_text')}</Text>
            <Text fz="sm" c="dimmed">
              {t('users_import.drop_hint')}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {refused && (
        <Text fz="sm" c="danger" role="alert">
          {t('users_import.file_refused')}
        </Text>
      )}
    </Stack>
  );
}

function Figures({ result }: { result: UserImportResult }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const figures = [
    ['rows', result.summary.rows],
    ['to_create', result.summary.to_create],
    ['to_update', result.summary.to_update],
    ['invalid', result.summary.invalid],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="import-summary">
      {figures.map(([key, value]) => (
        <Paper key={key} withBorder radius="md" p="sm" data-testid={`import-summary-${key}`} data-value={value}>
          <Text fz="sm" c="dimmed">
            {t(`users_import.summary.${key}`)}
          </Text>
          <Text fz={26} fw={700} c={key === 'invalid' && value > 0 ? 'danger' : undefined}>
            {number.format(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The column of a problem as the admin knows it: the file's header, else the column's name, else "whole row". */
function useColumnLabel() {
  const { t } = useTranslation();
  return (error: UserImportRowError) => {
    if (error.header) return error.header;
    if (!error.column) return t('users_import.whole_row');
    return (USER_IMPORT_COLUMNS as readonly string[]).includes(error.column)
      ? t(`users_import.columns.${error.column}`)
      : error.column;
  };
}

function RowErrors({ errors, title }: { errors: UserImportRowError[]; title: string }) {
  const { t } = useTranslation();
  const columnLabel = useColumnLabel();
  const [page, setPage] = useState(1);
  const titleId = useId();
  if (errors.length === 0) {
    return (
      <Group gap="xs" data-testid="import-no-errors">
        <IconCircleCheck size={20} color="var(--mantine-color-success-6)" aria-hidden />
        <Text fz="sm">{t('users_import.errors_none')}</Text>
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
              <Table.Th>{t('users_import.error_columns.row')}</Table.Th>
              <Table.Th>{t('users_import.error_columns.column')}</Table.Th>
              <Table.Th>{t('users_import.error_columns.value')}</Table.Th>
              <Table.Th>{t('users_import.error_columns.message')}</Table.Th>
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
                <Table.Td style={{ wordBreak: 'break-all' }}>{error.value ?? '—'}</Table.Td>
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

function IgnoredColumns({ columns }: { columns: string[] }) {
  const { t } = useTranslation();
  if (columns.length === 0) return null;
  return (
    <Alert color="warning" data-testid="import-ignored-columns">
      {t('users_import.ignored_columns', { columns: columns.join(', ') })}
    </Alert>
  );
}

function Outcome({ result, onAgain }: { result: UserImportResult; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm" data-testid="import-result" data-created={result.created} data-updated={result.updated}>
        <Alert color="success" icon={<IconCircleCheck size={20} aria-hidden />} title={t('users_import.result_title')}>
          <Stack gap={4}>
            <Text fz="sm">{t('users_import.result_text', { created: result.created, updated: result.updated })}</Text>
            {result.invitations > 0 && (
              <Text fz="sm">{t('users_import.result_invitations', { count: result.invitations })}</Text>
            )}
            {result.summary.invalid > 0 && (
              <Text fz="sm">{t('users_import.result_skipped', { count: result.summary.invalid })}</Text>
            )}
          </Stack>
        </Alert>
        {result.errors.length > 0 && (
          <RowErrors errors={result.errors} title={t('users_import.errors_skipped_title')} />
        )}
        <Group gap="xs">
          <Button component={Link} to={pathTo('company.user.list')} data-testid="import-go-to-list">
            {t('users_import.go_to_list')}
          </Button>
          <Button variant="light" onClick={onAgain} data-testid="import-again">
            {t('users_import.start_over')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /admin/user/import: download the template, pick a file, see a dry run (the summary and every bad row with its
 * reason), then import the valid rows and see what was done.
 */
export default function UsersImportPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [sendInvitations, setSendInvitations] = useState(true);
  const check = useMutation({ mutationFn: (picked: File) => importUsers(picked, { dryRun: true, sendInvitations }) });
  const run = useMutation({
    mutationFn: (picked: File) => importUsers(picked, { dryRun: false, sendInvitations }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersResource.keys.all }),
  });

  const choose = (next: File | null) => {
    setFile(next);
    check.reset();
    run.reset();
  };
  const preview = check.data;
  const valid = preview ? preview.summary.to_create + preview.summary.to_update : 0;

  if (run.data) return <Outcome result={run.data} onAgain={() => choose(null)} />;

  return (
    <Stack gap="lg">
      <PageHeader
        description={t('users_import.description')}
        actions={
          <Anchor component={Link} to={pathTo('company.user.list')} fz="sm">
            {t('users_import.go_to_list')}
          </Anchor>
        }
      />
      <TemplateStep />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('users_import.step_file')}
          </Title>
          <FilePicker file={file} onChange={choose} />
          <Checkbox
            checked={sendInvitations}
            onChange={(event) => setSendInvitations(event.currentTarget.checked)}
            label={t('users_import.send_invitations')}
            data-testid="import-send-invitations"
          />
          <Group>
            <Button
              onClick={() => file && check.mutate(file)}
              disabled={!file || run.isPending}
              loading={check.isPending}
              data-testid="import-check"
            >
              {t('users_import.check')}
            </Button>
          </Group>
          {check.isError && (
            <Alert color="danger" title={t('users_import.check_failed')} data-testid="import-check-error">
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
                {t('users_import.step_preview')}
              </Title>
              <Badge variant="light">{file.name}</Badge>
            </Group>
            <Figures result={preview} />
            <IgnoredColumns columns={preview.ignored_columns} />
            <RowErrors errors={preview.errors} title={t('users_import.errors_title')} />
            {run.isError && (
              <Alert color="danger" title={t('users_import.import_failed')} data-testid="import-run-error">
                {run.error.message}
              </Alert>
            )}
            {valid === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('users_import.nothing_to_import')}
              </Text>
            ) : (
              <Group>
                <Button
                  onClick={() => run.mutate(file)}
                  loading={run.isPending}
                  leftSection={<IconUpload size={16} aria-hidden />}
                  data-testid="import-run"
                >
                  {t('users_import.import_button', { count: valid })}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

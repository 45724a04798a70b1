import 'mantine-datatable/styles.css';
import type { ExportFormat } from '@kampus/shared';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconColumns, IconDownload, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { type DataTableColumn, DataTable as MantineDataTable } from 'mantine-datatable';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startExport } from '../lib/exports.js';
import { type ListStateControl, nextSort, PER_PAGE_OPTIONS } from '../lib/list-state.js';
import type { ResourceItem } from '../lib/resource.js';
import { STORAGE_KEYS, storage } from '../lib/storage.js';
import { confirmAction } from './ConfirmButton.js';
import { DayInput } from './DayInput.js';
import { EmptyState } from './EmptyState.js';
import { ExportProgress } from './ExportProgress.js';

export interface TableColumn<T> {
  /** The field, also the `sort` value when sortable. */
  accessor: string;
  title: string;
  sortable?: boolean;
  render?: (record: T) => ReactNode;
  /** False for columns that must stay (the name); the others can be hidden from the columns menu. */
  hideable?: boolean;
  /** Hidden until the person shows it from the columns menu: keeps a wide list readable at first sight. */
  hiddenByDefault?: boolean;
  /** Short values (a badge, a date) that must not break over lines. */
  noWrap?: boolean;
}

/** The controls of a list's typed filters; their parameters are the list config's. */
export type TableFilter =
  | { kind: 'select'; param: string; label: string; options: { value: string; label: string }[] }
  | { kind: 'date-range'; from: string; to: string; label: string };

export interface BulkActionDef {
  key: string;
  label: string;
  /** Destructive actions are red and confirmed with this text first. */
  confirm?: { title: string; text: (count: number) => string; confirmLabel: string; destructive?: boolean };
  run: (ids: number[]) => Promise<unknown>;
}

export interface DataTableProps<T extends ResourceItem> {
  /** Names the table: the hidden columns are remembered under it. */
  tableId: string;
  /** The table's accessible name. */
  label: string;
  list: ListStateControl;
  columns: TableColumn<T>[];
  records: T[];
  total: number;
  fetching: boolean;
  error: string | null;
  onRetry: () => void;
  filters?: TableFilter[];
  rowActions?: (record: T) => ReactNode;
  bulkActions?: BulkActionDef[];
  /** The export address of a format for the current query; without it there is no export. */
  exportPath?: (format: ExportFormat) => string;
  emptyTitle: string;
  emptyAction?: ReactNode;
}

type HiddenColumns = Record<string, string[]>;

/** The columns hidden in a table, as remembered in the encrypted browser storage; until then, its defaults. */
export function hiddenColumnsOf(tableId: string, defaults: string[] = []): string[] {
  return storage.get<HiddenColumns>(STORAGE_KEYS.tableColumns)?.[tableId] ?? defaults;
}

function rememberHiddenColumns(tableId: string, hidden: string[]) {
  const all = storage.get<HiddenColumns>(STORAGE_KEYS.tableColumns) ?? {};
  void storage.set(STORAGE_KEYS.tableColumns, { ...all, [tableId]: hidden });
}

/** Search as one types: the address (and so the query) follows 350 ms after the last key. */
function SearchBox({ list }: { list: ListStateControl }) {
  const { t } = useTranslation();
  const current = list.state.search;
  const [text, setText] = useState(current);
  const [debounced] = useDebouncedValue(text, 350);
  // The address may change from elsewhere (back button, clear filters): the box follows it.
  useEffect(() => setText(current), [current]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the text searches
  useEffect(() => {
    if (debounced.trim() !== current) list.setSearch(debounced);
  }, [debounced]);
  return (
    <TextInput
      type="search"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      aria-label={t('resource.search')}
      placeholder={t('resource.search_placeholder')}
      data-testid="table-search"
      w={{ base: '100%', sm: 280 }}
    />
  );
}

function FilterControl({ filter, list }: { filter: TableFilter; list: ListStateControl }) {
  const { t } = useTranslation();
  if (filter.kind === 'select') {
    return (
      <Select
        label={filter.label}
        data={filter.options}
        value={list.state.filters[filter.param] ?? null}
        onChange={(value) => list.setFilters({ [filter.param]: value })}
        placeholder={t('resource.any')}
        clearable
        w={180}
        data-testid={`table-filter-${filter.param}`}
      />
    );
  }
  const day = (param: string, label: string) => (
    <DayInput
      label={`${filter.label}: ${label}`}
      value={list.state.filters[param] ?? null}
      onChange={(day) => list.setFilters({ [param]: day })}
      w={170}
      data-testid={`table-filter-${param}`}
    />
  );
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      {day(filter.from, t('resource.from'))}
      {day(filter.to, t('resource.to'))}
    </Group>
  );
}

function ColumnsMenu<T>({
  columns,
  hidden,
  onChange,
}: {
  columns: TableColumn<T>[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />} data-testid="table-columns">
          {t('resource.columns')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {columns
          .filter((column) => column.hideable !== false)
          .map((column) => (
            <Menu.Item key={column.accessor} component="div">
              <Checkbox
                label={column.title}
                checked={!hidden.includes(column.accessor)}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked
                      ? hidden.filter((name) => name !== column.accessor)
                      : [...hidden, column.accessor],
                  )
                }
                data-testid={`table-column-${column.accessor}`}
              />
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}

interface ExportJob {
  id: number;
  fallbackName: string;
}

const exportFailed = (title: string) => (error: unknown) =>
  notifications.show({ color: 'danger', title, message: error instanceof Error ? error.message : '' });

/** Starts the list's export on the server; its progress shows under the toolbar (ExportPanel). */
function ExportMenu({
  tableId,
  exportPath,
  onStarted,
}: {
  tableId: string;
  exportPath: (format: ExportFormat) => string;
  onStarted: (job: ExportJob) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      onStarted({ id: await startExport(exportPath(format)), fallbackName: `${tableId}.${format}` });
    } catch (error) {
      exportFailed(t('resource.export_failed'))(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy}
          data-testid="table-export"
        >
          {t('resource.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('xlsx')} data-testid="table-export-xlsx">
          {t('resource.export_xlsx')}
        </Menu.Item>
        <Menu.Item onClick={() => void run('csv')} data-testid="table-export-csv">
          {t('resource.export_csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The export being written: its progress, then the file saved by itself; closed by the person. */
function ExportPanel({ job, onClose }: { job: ExportJob; onClose: () => void }) {
  const { t } = useTranslation();
  const failed = useMemo(() => exportFailed(t('resource.export_failed')), [t]);
  return (
    <Paper withBorder radius="md" p="sm" aria-live="polite" data-testid="table-export-progress">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Box flex={1}>
          <ExportProgress jobId={job.id} fallbackName={job.fallbackName} onError={failed} />
        </Box>
        <CloseButton aria-label={t('general.close')} onClick={onClose} data-testid="table-export-close" />
      </Group>
    </Paper>
  );
}

function BulkBar<T extends ResourceItem>({
  selected,
  actions,
  onDone,
}: {
  selected: T[];
  actions: BulkActionDef[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<string | null>(null);
  const ids = selected.map((record) => record.id);
  const execute = async (action: BulkActionDef) => {
    setRunning(action.key);
    try {
      await action.run(ids);
      onDone();
    } catch (error) {
      notifications.show({ color: 'danger', message: error instanceof Error ? error.message : '' });
    } finally {
      setRunning(null);
    }
  };
  const start = (action: BulkActionDef) => {
    if (!action.confirm) return void execute(action);
    confirmAction({
      title: action.confirm.title,
      message: action.confirm.text(ids.length),
      confirmLabel: action.confirm.confirmLabel,
      destructive: action.confirm.destructive ?? true,
      onConfirm: () => execute(action),
    });
  };
  return (
    <Paper withBorder p="xs" radius="md" bg="gray.0" data-testid="table-bulk-bar">
      <Group gap="sm">
        <Text fz="sm" fw={600} aria-live="polite">
          {t('resource.selected', { count: ids.length })}
        </Text>
        {actions.map((action) => (
          <Button
            key={action.key}
            size="xs"
            variant="light"
            color={action.confirm && action.confirm.destructive !== false ? 'danger' : 'brand'}
            loading={running === action.key}
            disabled={running !== null}
            onClick={() => start(action)}
            data-testid={`table-bulk-${action.key}`}
          >
            {action.label}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}

/**
 * The admin list (issue 4): server paging, sorting, debounced search, typed filters, remembered column visibility,
 * row selection with bulk actions and the export of the current query; its state lives in the address.
 */
export function DataTable<T extends ResourceItem>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { tableId, list, columns, records, filters = [], bulkActions = [], rowActions } = props;
  const [hidden, setHidden] = useState(() =>
    hiddenColumnsOf(
      tableId,
      columns.filter((column) => column.hiddenByDefault).map((column) => column.accessor),
    ),
  );
  const [selected, setSelected] = useState<T[]>([]);
  const [exportJob, setExportJob] = useState<ExportJob | null>(null);
  const { state } = list;
  const queryKey = JSON.stringify(list.apiQuery);

  // A selection belongs to the rows on screen: a new page, sort, search or filter starts a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is the trigger
  useEffect(() => setSelected([]), [queryKey]);

  const changeHidden = (next: string[]) => {
    setHidden(next);
    rememberHiddenColumns(tableId, next);
  };

  const tableColumns = useMemo(() => {
    const shown: DataTableColumn<T>[] = columns.map((column) => ({
      accessor: column.accessor,
      title: column.title,
      sortable: column.sortable,
      hidden: column.hideable !== false && hidden.includes(column.accessor),
      noWrap: column.noWrap,
      render: column.render,
    }));
    if (rowActions) {
      shown.push({
        accessor: '__actions',
        title: t('resource.actions'),
        textAlign: 'right',
        render: (record) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {rowActions(record)}
          </Group>
        ),
      });
    }
    return shown;
  }, [columns, hidden, rowActions, t]);

  const sortField = state.sort?.replace(/^-/, '') ?? '';
  const filtered = state.search !== '' || Object.keys(state.filters).length > 0;
  const selectable = bulkActions.length > 0;

  return (
    <Stack gap="sm" data-testid={`table-${tableId}`}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <SearchBox list={list} />
          {filters.map((filter) => (
            <FilterControl key={filter.kind === 'select' ? filter.param : filter.from} filter={filter} list={list} />
          ))}
          {filtered && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={list.clearFilters}
              data-testid="table-clear-filters"
            >
              {t('resource.clear_filters')}
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <ColumnsMenu columns={columns} hidden={hidden} onChange={changeHidden} />
          {props.exportPath && <ExportMenu tableId={tableId} exportPath={props.exportPath} onStarted={setExportJob} />}
        </Group>
      </Group>
      {exportJob && <ExportPanel key={exportJob.id} job={exportJob} onClose={() => setExportJob(null)} />}
      {selectable && selected.length > 0 && (
        <BulkBar selected={selected} actions={bulkActions} onDone={() => setSelected([])} />
      )}
      {props.error ? (
        <Alert color="danger" title={t('resource.load_failed')} data-testid="table-error">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{props.error}</Text>
            <Button variant="light" size="xs" onClick={props.onRetry}>
              {t('resource.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <MantineDataTable<T>
          aria-label={props.label}
          withTableBorder
          borderRadius="md"
          highlightOnHover
          minHeight={records.length === 0 ? 220 : undefined}
          idAccessor="id"
          columns={tableColumns}
          records={records}
          fetching={props.fetching}
          loaderType="dots"
          totalRecords={props.total}
          page={state.page}
          onPageChange={list.setPage}
          recordsPerPage={state.per_page}
          recordsPerPageOptions={[...PER_PAGE_OPTIONS]}
          onRecordsPerPageChange={list.setPerPage}
          recordsPerPageLabel={t('resource.per_page')}
          paginationText={({ from, to, totalRecords }) => t('resource.pagination', { from, to, total: totalRecords })}
          getPaginationControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': t('resource.previous_page') }
              : control === 'next'
                ? { 'aria-label': t('resource.next_page') }
                : {}
          }
          sortStatus={{ columnAccessor: sortField, direction: state.sort?.startsWith('-') ? 'desc' : 'asc' }}
          onSortStatusChange={(status) => list.setSort(nextSort(state.sort, String(status.columnAccessor)))}
          {...(selectable
            ? {
                selectedRecords: selected,
                onSelectedRecordsChange: setSelected,
                allRecordsSelectionCheckboxProps: { 'aria-label': t('resource.select_all') },
                getRecordSelectionCheckboxProps: (record: T) => ({
                  'aria-label': t('resource.select_row', { id: record.id }),
                }),
              }
            : {})}
          emptyState={
            props.fetching || records.length > 0 ? (
              <span />
            ) : (
              <EmptyState
                testId="table-empty"
                title={filtered ? t('resource.empty_filtered') : props.emptyTitle}
                action={
                  filtered ? (
                    <Button variant="light" size="xs" onClick={list.clearFilters}>
                      {t('resource.clear_filters')}
                    </Button>
                  ) : (
                    props.emptyAction
                  )
                }
              />
            )
          }
          customRowAttributes={(record) => ({ 'data-testid': 'table-row', 'data-id': record.id })}
        />
      )}
    </Stack>
  );
}

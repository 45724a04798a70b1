import type { BulkAction } from '@kampus/shared';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { screenPath } from '../../../../app/route-names.js';
import { type BulkActionDef, DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { DeleteRowAction, EditRowAction } from '../../../../components/RowActions.js';
import { type ListConfig, type ListStateControl, useListState } from '../../../../lib/list-state.js';
import {
  contractOf,
  type Resource,
  type ResourceItem,
  type ResourceQuery,
  useResourceStore,
} from '../../../../lib/resource.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionMayWrite } from '../access.js';

/**
 * The locale keys of a list page. `listTextKeys(namespace)` gives the conventional ones (`<namespace>.list_title`,
 * `.empty`, `.add`, `.activate`, `.make_passive`, `.bulk_delete_title|text`, `.delete_title|text`); a page whose keys
 * differ overrides only those.
 */
export interface ListTextKeys {
  title: string;
  description: string;
  empty: string;
  add: string;
  activate: string;
  passive: string;
  bulkDeleteTitle: string;
  /** Receives `{count}`. */
  bulkDeleteText: string;
  deleteTitle: string;
  /** Receives `{name}`. */
  deleteText: string;
  /** Set both to confirm a bulk "make passive" first (it locks people out); `bulkPassiveText` receives `{count}`. */
  bulkPassiveTitle?: string;
  bulkPassiveText?: string;
}

export function listTextKeys(namespace: string, overrides: Partial<ListTextKeys> = {}): ListTextKeys {
  return {
    title: `${namespace}.list_title`,
    description: `${namespace}.list_description`,
    empty: `${namespace}.empty`,
    add: `${namespace}.add`,
    activate: `${namespace}.activate`,
    passive: `${namespace}.make_passive`,
    bulkDeleteTitle: `${namespace}.bulk_delete_title`,
    bulkDeleteText: `${namespace}.bulk_delete_text`,
    deleteTitle: `${namespace}.delete_title`,
    deleteText: `${namespace}.delete_text`,
    ...overrides,
  };
}

// Any resource whose items are Item: its create and update bodies do not matter to a list.
// biome-ignore lint/suspicious/noExplicitAny: the bodies are contravariant, so `unknown` would refuse every resource
type AnyResource<Item extends ResourceItem> = Resource<Item, any, any>;

/**
 * A resource's list held for a DataTable: the store (for deletes) and the table's data props (records, total,
 * fetching, error, retry, export of the current query). `apiQuery` replaces the address's query when the page
 * forces a filter (the passive users). The export is offered unless the resource's contract goes without it.
 */
export function useResourceTable<Item extends ResourceItem>(
  resource: AnyResource<Item>,
  list: ListStateControl,
  {
    apiQuery = list.apiQuery,
    exportable = !contractOf(resource)?.without?.includes('export'),
  }: { apiQuery?: ResourceQuery; exportable?: boolean } = {},
) {
  const store = useResourceStore(resource, { listQuery: apiQuery });
  const table = {
    list,
    records: store.items,
    total: store.meta?.total ?? 0,
    fetching: store.list.isFetching,
    error: store.list.isError ? (store.list.error as Error).message : null,
    onRetry: () => void store.list.refetch(),
    exportPath: exportable
      ? (format: Parameters<typeof resource.exportPath>[0]) => resource.exportPath(format, apiQuery)
      : undefined,
  };
  return { store, table };
}

/** Runs a bulk action, shows the server's message and refreshes everything cached of the resource. */
export function useBulkRunner(resource: AnyResource<ResourceItem>) {
  const client = useQueryClient();
  return async (body: BulkAction) => {
    const { message } = await resource.bulk(body);
    notifications.show({ color: 'success', message });
    await client.invalidateQueries({ queryKey: resource.keys.all });
  };
}

/** The common bulk actions: activate and make passive (`status`), and a confirmed delete (`delete`). */
export function useRecordBulkActions(
  resource: AnyResource<ResourceItem>,
  keys: ListTextKeys,
  { status = true, delete: remove = true }: { status?: boolean; delete?: boolean } = {},
): BulkActionDef[] {
  const { t } = useTranslation();
  const bulk = useBulkRunner(resource);
  const { bulkPassiveTitle, bulkPassiveText } = keys;
  const passiveConfirm =
    bulkPassiveTitle && bulkPassiveText
      ? {
          title: t(bulkPassiveTitle),
          text: (count: number) => t(bulkPassiveText, { count }),
          confirmLabel: t(keys.passive),
        }
      : undefined;
  const statusActions: BulkActionDef[] = [
    { key: 'activate', label: t(keys.activate), run: (ids) => bulk({ action: 'status', ids, status: 1 }) },
    {
      key: 'passive',
      label: t(keys.passive),
      confirm: passiveConfirm,
      run: (ids) => bulk({ action: 'status', ids, status: 0 }),
    },
  ];
  const deleteAction: BulkActionDef = {
    key: 'delete',
    label: t('resource.delete'),
    confirm: {
      title: t(keys.bulkDeleteTitle),
      text: (count) => t(keys.bulkDeleteText, { count }),
      confirmLabel: t('resource.delete'),
    },
    run: (ids) => bulk({ action: 'delete', ids }),
  };
  return [...(status ? statusActions : []), ...(remove ? [deleteAction] : [])];
}

export interface RowActionOptions<Item> {
  /** Prefix of the test ids: `<testId>-edit`, `<testId>-delete`. */
  testId: string;
  /** Default: the edit screen of the resource's contract. */
  editPath?: (item: Item) => string;
  /** How a row is named in its actions' labels and the delete question. */
  itemName: (item: Item) => string;
  /** Rows that may not be deleted get no delete action (the server would refuse). */
  canDelete?: (item: Item) => boolean;
}

/**
 * A row's edit link and confirmed delete. A refused delete (the server's 4xx, e.g. a record still in use) shows the
 * server's message; nothing is removed from the list then.
 */
export function useRecordRowActions<Item extends ResourceItem>(
  store: { remove: (id: number) => Promise<unknown> },
  keys: Pick<ListTextKeys, 'deleteTitle' | 'deleteText'>,
  { testId, editPath, itemName, canDelete }: RowActionOptions<Item>,
) {
  const { t } = useTranslation();
  return (item: Item) => {
    const name = itemName(item);
    return (
      <>
        {editPath && <EditRowAction to={editPath(item)} name={name} testId={`${testId}-edit`} />}
        {(canDelete?.(item) ?? true) && (
          <DeleteRowAction
            title={t(keys.deleteTitle)}
            message={t(keys.deleteText, { name })}
            name={name}
            onConfirm={() =>
              store
                .remove(item.id)
                .catch((error: Error) => notifications.show({ color: 'danger', message: error.message }))
            }
            testId={`${testId}-delete`}
          />
        )}
      </>
    );
  };
}

/** The page header's "add" button, linking to the add route. */
export function AddButton({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Button component={Link} to={to} leftSection={<IconPlus size={16} aria-hidden />} data-testid={testId}>
      {label}
    </Button>
  );
}

/**
 * A resource built from a contract (`contractResource`) brings the list's sorts and filters, its texts' namespace,
 * its add and edit screens and its write permission: a page states only what differs.
 */
export interface ResourceListPageProps<Item extends ResourceItem> extends RowActionOptions<Item> {
  resource: AnyResource<Item>;
  /** The list's sorts and filters; its state lives in the address. Default: the contract's. */
  config?: ListConfig;
  /** Names the table: its hidden columns are remembered under it. */
  tableId: string;
  /** Default: `listTextKeys(<the contract's namespace>)`. */
  texts?: ListTextKeys;
  columns: TableColumn<Item>[];
  filters?: TableFilter[];
  /** Default: the add screen of the contract. */
  addPath?: string;
  /**
   * False for a viewer who may only read: no add button, row actions or bulk actions. Default: whether the session
   * holds the contract's update permission.
   */
  canEdit?: boolean;
  /** Which of the common bulk actions the list offers; both by default. */
  bulk?: { status?: boolean; delete?: boolean };
  /** More buttons in the header, before "add". */
  headerActions?: ReactNode;
  /** False for a resource without an export route. */
  exportable?: boolean;
}

/**
 * An admin resource's list page: header with the add button, then the DataTable with paging, sort, search, filters,
 * export, bulk actions and the edit/delete row actions. A page with other needs composes the hooks above itself.
 */
export function ResourceListPage<Item extends ResourceItem>(props: ResourceListPageProps<Item>) {
  const { resource, tableId, columns, filters, bulk, headerActions, exportable = true, ...rest } = props;
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const contract = contractOf(resource);
  const config = props.config ?? (resource as { listConfig?: ListConfig }).listConfig;
  const texts = props.texts ?? (contract ? listTextKeys(contract.namespace) : undefined);
  if (!config || !texts) throw new Error('ResourceListPage needs a config and texts, or a resource with a contract');
  // A contract without an add screen (the point rules: one per kind, made with the company) offers no add button.
  const addScreen = contract?.screens.add;
  const addPath = props.addPath ?? (addScreen ? screenPath(addScreen) : undefined);
  // The list's route already demands the list permission; where writing needs the same one there is nothing to ask.
  const writeDiffers = contract !== undefined && contract.permissions.update !== contract.permissions.list;
  const canEdit = props.canEdit ?? (writeDiffers ? sessionMayWrite(roles, contract) : true);
  const editScreen = contract?.screens.edit;
  const rowOptions: RowActionOptions<Item> = {
    ...rest,
    editPath: props.editPath ?? (editScreen ? (item) => screenPath(editScreen, { id: item.id }) : undefined),
  };
  const list = useListState(config);
  const { store, table } = useResourceTable(resource, list, { exportable });
  const bulkActions = useRecordBulkActions(resource as AnyResource<ResourceItem>, texts, bulk);
  const rowActions = useRecordRowActions<Item>(store, texts, rowOptions);
  const addButton =
    canEdit && addPath ? <AddButton to={addPath} label={t(texts.add)} testId={`${rowOptions.testId}-add`} /> : null;

  return (
    <>
      <PageHeader
        description={t(texts.description)}
        actions={
          headerActions || addButton ? (
            <>
              {headerActions}
              {addButton}
            </>
          ) : null
        }
      />
      <DataTable<Item>
        {...table}
        tableId={tableId}
        label={t(texts.title)}
        columns={columns}
        filters={filters}
        rowActions={canEdit ? rowActions : undefined}
        bulkActions={canEdit && bulkActions.length > 0 ? bulkActions : undefined}
        emptyTitle={t(texts.empty)}
        emptyAction={addButton ?? undefined}
      />
    </>
  );
}

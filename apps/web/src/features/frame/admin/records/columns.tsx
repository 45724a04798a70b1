import type { ActiveStatus } from '@kampus/shared';
import type { TableColumn } from '../../../../components/DataTable.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { ActiveStatusBadge } from './ActiveStatusBadge.js';

type ColumnOptions<T> = Partial<Omit<TableColumn<T>, 'accessor' | 'title' | 'render'>>;

/** A record list's status column: the badge, sortable, never broken over lines. */
export function activeStatusColumn<T extends { status: ActiveStatus }>(
  title: string,
  namespace: string,
  options: ColumnOptions<T> = {},
): TableColumn<T> {
  return {
    accessor: 'status',
    title,
    sortable: true,
    noWrap: true,
    render: (record) => <ActiveStatusBadge status={record.status} namespace={namespace} />,
    ...options,
  };
}

/** A record list's creation time, in the reader's language: sortable, hidden until shown. */
export function createdAtColumn<T extends { created_at: string }>(
  title: string,
  language: string,
  options: ColumnOptions<T> = {},
): TableColumn<T> {
  return {
    accessor: 'created_at',
    title,
    sortable: true,
    noWrap: true,
    hiddenByDefault: true,
    render: (record) => formatDateTime(record.created_at, language),
    ...options,
  };
}

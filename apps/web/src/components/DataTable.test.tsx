import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../test/render.js';
import { http } from '../lib/api.js';
import * as download from '../lib/download.js';
import { type ListConfig, useListState } from '../lib/list-state.js';
import { type BulkActionDef, DataTable, type TableColumn } from './DataTable.js';

type Row = { id: number; name: string; email: string };
const config: ListConfig = {
  sortable: ['name'],
  filters: [
    { kind: 'select', param: 'status', options: ['0', '1'] },
    { kind: 'date-range', from: 'created_from', to: 'created_to' },
  ],
};
const columns: TableColumn<Row>[] = [
  { accessor: 'name', title: 'Name', sortable: true, hideable: false },
  { accessor: 'email', title: 'Email' },
];
const rows: Row[] = [
  { id: 1, name: 'Ayşe', email: 'ayse@demo.test' },
  { id: 2, name: 'Berk', email: 'berk@demo.test' },
];

interface Options {
  records?: Row[];
  total?: number;
  error?: string | null;
  bulkActions?: BulkActionDef[];
  query?: string;
  exportable?: boolean;
}

function Harness({ records = rows, total = 45, error = null, bulkActions = [], exportable = false }: Options) {
  const list = useListState(config);
  const location = useLocation();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <DataTable<Row>
        tableId="test"
        label="People"
        list={list}
        columns={columns}
        filters={[
          {
            kind: 'select',
            param: 'status',
            label: 'Status',
            options: [
              { value: '0', label: 'Passive' },
              { value: '1', label: 'Active' },
            ],
          },
          { kind: 'date-range', from: 'created_from', to: 'created_to', label: 'Created' },
        ]}
        records={records}
        total={total}
        fetching={false}
        error={error}
        onRetry={() => undefined}
        bulkActions={bulkActions}
        exportPath={exportable ? (format) => `api/admin/people/export?format=${format}&search=ay` : undefined}
        emptyTitle="Nobody here"
      />
    </>
  );
}

function mount(options: Options = {}) {
  renderPage(<Harness {...options} />, { path: '/list', at: `/list${options.query ?? ''}` });
  return () => screen.getByTestId('search').textContent;
}

describe('DataTable', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the rows with server paging that moves the address', async () => {
    const search = mount();
    expect(screen.getAllByTestId('table-row')).toHaveLength(2);
    expect(screen.getByText('1–2 of 45')).toBeTruthy();
    expect(screen.queryByTestId('table-empty')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(search()).toBe('?page=2'));
  });

  it('sorts by clicking a sortable header, then toggles the direction, back on page 1', async () => {
    const search = mount({ query: '?page=3' });
    fireEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(search()).toBe('?sort=name'));
    fireEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(search()).toBe('?sort=-name'));
  });

  it('searches after typing settles and filters by a typed filter', async () => {
    const search = mount();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'ayş' } });
    expect(search()).toBe('');
    await waitFor(() => expect(search()).toBe(`?search=${encodeURIComponent('ayş')}`), { timeout: 2000 });
    fireEvent.click(screen.getByTestId('table-clear-filters'));
    await waitFor(() => expect(search()).toBe(''));
  });

  it('filters by a day picked from the calendar, shown as DD/MM/YYYY rather than the browser date field', async () => {
    const search = mount({ query: '?created_from=2026-03-01' });
    const from = screen.getByTestId('table-filter-created_from');
    expect(from.tagName).toBe('BUTTON');
    expect(from.textContent).toBe('01/03/2026');
    expect(document.querySelector('input[type="date"]')).toBeNull();
    fireEvent.click(from);
    fireEvent.click(await screen.findByRole('button', { name: '15 March 2026' }));
    await waitFor(() => expect(search()).toBe('?created_from=2026-03-15'));
    expect(screen.getByTestId('table-filter-created_from').textContent).toBe('15/03/2026');
  });

  it('reads its state from a shared address', () => {
    mount({ query: '?search=berk&status=1' });
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('berk');
    expect(screen.getByTestId('table-clear-filters')).toBeTruthy();
  });

  it('asks before a destructive bulk action and runs it with the selected ids only when confirmed', async () => {
    const run = vi.fn(async () => undefined);
    mount({
      bulkActions: [
        {
          key: 'delete',
          label: 'Delete',
          confirm: { title: 'Delete them?', text: (count) => `Deleting ${count}`, confirmLabel: 'Delete now' },
          run,
        },
      ],
    });
    expect(screen.queryByTestId('table-bulk-bar')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    const bar = await screen.findByTestId('table-bulk-bar');
    expect(bar.textContent).toContain('Selected: 1');

    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleting 1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByText('Deleting 1')).toBeNull());
    expect(run).not.toHaveBeenCalled();

    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(run).toHaveBeenCalledWith([2]));
    await waitFor(() => expect(screen.queryByTestId('table-bulk-bar')).toBeNull());
  });

  it('selects every row of the page at once', async () => {
    const run = vi.fn(async () => undefined);
    mount({ bulkActions: [{ key: 'activate', label: 'Activate', run }] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    fireEvent.click(within(await screen.findByTestId('table-bulk-bar')).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith([1, 2]));
  });

  it('exports in the background: the job starts, its progress shows, the file is saved once written', async () => {
    const start = vi.spyOn(http, 'post').mockResolvedValue({ data: { job_id: 9 } } as never);
    const file = { name: 'b'.repeat(32), file_name: 'people-2026-11-25.csv', size: 2048, mime: 'text/csv' };
    const job = (state: string, progress: unknown, result: unknown = null) => ({
      data: {
        id: 9,
        name: 'export.resource.people',
        state,
        progress,
        result,
        attempts: 1,
        created_at: '',
        finished_at: null,
      },
    });
    const states = [job('queued', null), job('done', { done: 2, total: 2 }, { file })];
    vi.spyOn(http, 'get').mockImplementation((async () => (states.length > 1 ? states.shift() : states[0])) as never);
    const save = vi.spyOn(download, 'downloadFile').mockResolvedValue('people-2026-11-25.csv');
    mount({ exportable: true });
    fireEvent.click(screen.getByTestId('table-export'));
    fireEvent.click(await screen.findByTestId('table-export-csv'));
    await waitFor(() => expect(start).toHaveBeenCalledWith('api/admin/people/export?format=csv&search=ay'));
    const panel = await screen.findByTestId('table-export-progress');
    expect(await within(panel).findByRole('progressbar')).toBeTruthy();
    await within(panel).findByTestId('export-ready', {}, { timeout: 3000 });
    expect(panel.textContent).toContain('people-2026-11-25.csv · 2 KB');
    await waitFor(() => expect(save).toHaveBeenCalledWith('api/jobs/9/download', 'test.csv'));
    fireEvent.click(within(panel).getByTestId('table-export-close'));
    expect(screen.queryByTestId('table-export-progress')).toBeNull();
  });

  it('shows the empty state, and a filtered empty state that offers to clear', () => {
    mount({ records: [], total: 0 });
    expect(screen.getByTestId('table-empty').textContent).toContain('Nobody here');
    cleanup();
    mount({ records: [], total: 0, query: '?search=zzz' });
    expect(screen.getByTestId('table-empty').textContent).toContain('Nothing matches your search and filters.');
  });

  it('shows the error state instead of the table', () => {
    mount({ error: 'ApiService: boom' });
    expect(screen.getByTestId('table-error').textContent).toContain('ApiService: boom');
    expect(screen.queryAllByTestId('table-row')).toHaveLength(0);
  });
});

import type { Institution } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchEveryMediaQuery, renderPage } from '../../../../../test/render.js';
import type { TableColumn } from '../../../../components/DataTable.js';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { defineResource } from '../../../../lib/resource.js';
import { listTextKeys, ResourceListPage, type ResourceListPageProps } from './ResourceListPage.js';

const resource = defineResource<Institution>('institutions');
const texts = listTextKeys('institutions');
const columns: TableColumn<Institution>[] = [{ accessor: 'name', title: 'Name', render: (item) => item.name }];

const institution = (id: number, name: string): Institution => ({
  id,
  name,
  code: null,
  city: null,
  contact_email: null,
  status: 1,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
});
const page = (data: Institution[]) => ({ data, meta: { page: 1, per_page: 20, total: data.length } });

function renderList(props: Partial<ResourceListPageProps<Institution>> = {}) {
  renderPage(
    <ResourceListPage<Institution>
      resource={resource}
      config={{ sortable: ['name'], filters: [] }}
      tableId="shell-test"
      texts={texts}
      columns={columns}
      addPath="/admin/institutions/add"
      editPath={(item) => `/admin/institutions/edit/${item.id}`}
      itemName={(item) => item.name}
      testId="institution"
      {...props}
    />,
    { path: '/list', at: '/list?sort=name' },
  );
}

describe('listTextKeys', () => {
  it('names the conventional keys of a namespace and lets a page override some', () => {
    expect(listTextKeys('faq', { add: 'faq.add_category' })).toMatchObject({
      title: 'faq.list_title',
      description: 'faq.list_description',
      empty: 'faq.empty',
      add: 'faq.add_category',
      bulkDeleteText: 'faq.bulk_delete_text',
      deleteText: 'faq.delete_text',
    });
  });
});

describe('ResourceListPage', () => {
  matchEveryMediaQuery();
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the records of the address query with the header, add, edit and delete from the conventional keys', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(page([institution(3, 'Ankara Akademi')]) as never);
    renderList();
    await screen.findByText('Ankara Akademi');
    expect(http.get).toHaveBeenCalledWith(
      'api/admin/institutions',
      undefined,
      expect.objectContaining({ sort: 'name' }),
    );
    expect(screen.getByText('The training institutions your company works with.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Institutions' })).toBeTruthy();
    expect(screen.getByTestId('institution-add').getAttribute('href')).toBe('/admin/institutions/add');
    expect(screen.getByTestId('institution-edit').getAttribute('href')).toBe('/admin/institutions/edit/3');
    expect(screen.getByTestId('institution-delete').getAttribute('aria-label')).toBe('Delete: Ankara Akademi');
  });

  it('runs the status bulk actions at once and the bulk delete only after confirming, then refreshes', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(page([institution(3, 'A'), institution(4, 'B')]) as never);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ message: 'Done.', affected: 1 } as never);
    renderList();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select row 4' }));
    const bar = await screen.findByTestId('table-bulk-bar');
    fireEvent.click(within(bar).getByRole('button', { name: 'Make passive' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/institutions/bulk', { action: 'status', ids: [4], status: 0 }),
    );
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(1));

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select row 3' }));
    fireEvent.click(within(await screen.findByTestId('table-bulk-bar')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Institutions to delete: 1. This cannot be undone.')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith('api/admin/institutions/bulk', { action: 'delete', ids: [3] }),
    );
  });

  it('shows the server’s message when a confirmed delete is refused, and keeps the row', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(page([institution(3, 'Ankara Akademi')]) as never);
    vi.spyOn(http, 'delete').mockRejectedValue(new ApiError(422, {}, 'This institution is still in use.'));
    renderList();
    fireEvent.click(await screen.findByTestId('institution-delete'));
    expect(await screen.findByText('Ankara Akademi will be deleted. This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-accept'));
    expect(await screen.findByText('This institution is still in use.')).toBeTruthy();
    expect(http.delete).toHaveBeenCalledWith('api/admin/institutions', 3);
    expect(screen.getByText('Ankara Akademi')).toBeTruthy();
  });

  it('gives a read-only viewer the list alone, and leaves out deletes a row does not allow', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(page([institution(3, 'A'), institution(4, 'B')]) as never);
    renderList({ canEdit: false });
    await screen.findByText('A');
    expect(screen.queryByTestId('institution-add')).toBeNull();
    expect(screen.queryByTestId('institution-edit')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select row 3' })).toBeNull();
    cleanup();

    renderList({ canDelete: (item) => item.id === 4, bulk: { status: false } });
    const rows = await screen.findAllByTestId('table-row');
    expect(within(rows[0] as HTMLElement).queryByTestId('institution-delete')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByTestId('institution-delete')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    const bar = await screen.findByTestId('table-bulk-bar');
    expect(within(bar).queryByRole('button', { name: 'Make passive' })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

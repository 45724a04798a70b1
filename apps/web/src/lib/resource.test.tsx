import { notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render.js';
import { http as client } from './api.js';
import { ApiError, type Http } from './http.js';
import {
  defineResource,
  isMissingItem,
  type ResourceStore,
  redirectPath,
  useResourceStore,
  withoutItem,
} from './resource.js';

type Thing = { id: number; name: string };
const things = defineResource<Thing, { name: string }>('users');
const page = (data: Thing[]) => ({ data, meta: { page: 1, per_page: 20, total: data.length } });

describe('generic store rules (spec §4)', () => {
  it('removes an item by numeric id match, whatever the id type', () => {
    const items = [{ id: 7 }, { id: '8' as unknown as number }, { id: 9 }];
    expect(withoutItem(items, '7')).toEqual([{ id: '8' }, { id: 9 }]);
    expect(withoutItem(items, 8)).toEqual([{ id: 7 }, { id: 9 }]);
    expect(withoutItem(items, 10)).toHaveLength(3);
  });

  it('resolves a redirect config to the named route, the saved id filling :id', () => {
    expect(redirectPath({ name: 'company.user.edit' }, { id: 12 })).toBe('/admin/user/edit/12');
    expect(redirectPath({ name: 'company.user.list' }, { id: 12 })).toBe('/admin/user/list');
    expect(redirectPath(undefined, { id: 12 })).toBeNull();
  });

  it('treats 4xx answers other than 401/403 as a missing item, outages not', () => {
    expect(isMissingItem(new ApiError(404, null, 'x'))).toBe(true);
    expect(isMissingItem(new ApiError(422, null, 'x'))).toBe(true);
    expect(isMissingItem(new ApiError(403, null, 'x'))).toBe(false);
    expect(isMissingItem(new ApiError(0, null, 'x'))).toBe(false);
    expect(isMissingItem(new ApiError(500, null, 'x'))).toBe(false);
  });

  it('builds the export address of a list query without paging', () => {
    expect(things.exportPath('csv', { page: 3, per_page: 50, sort: '-name', search: 'ali', status: '0' })).toBe(
      'api/admin/users/export?format=csv&sort=-name&search=ali&status=0',
    );
  });
});

let store: ResourceStore<Thing>;
function Probe({ options }: { options: Parameters<typeof useResourceStore>[1] }) {
  store = useResourceStore(things, options) as unknown as ResourceStore<Thing>;
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}|${JSON.stringify(location.state)}`}</output>;
}

function mount(options: Parameters<typeof useResourceStore>[1]) {
  const { client: queryClient } = renderPage(
    [
      { path: '/start', element: <Probe options={options} /> },
      { path: '*', element: <Probe options={{}} /> },
    ],
    { at: '/start' },
  );
  return { queryClient, where: () => screen.getByTestId('where').textContent };
}

describe('useResourceStore', () => {
  afterEach(() => {
    cleanup();
    notifications.clean();
    vi.restoreAllMocks();
  });

  it('loads a list with loading then success flags', async () => {
    vi.spyOn(client, 'get').mockResolvedValue(page([{ id: 1, name: 'A' }]));
    mount({ listQuery: { page: 1 } });
    expect(store.loading).toBe(true);
    await waitFor(() => expect(store.items).toEqual([{ id: 1, name: 'A' }]));
    expect(store.loading).toBe(false);
    expect(store.error).toBeNull();
    expect(client.get).toHaveBeenCalledWith('api/admin/users', undefined, { page: 1 });
  });

  it('create with a redirect config goes to the named route with a success message', async () => {
    vi.spyOn(client, 'post').mockResolvedValue({ data: { id: 41, name: 'New' } });
    const { where } = mount({});
    await act(() =>
      store.create({ name: 'New' }, { redirect: { name: 'company.user.edit', message: 'users.created' } }),
    );
    expect(where()).toMatch(/^\/admin\/user\/edit\/41\|/);
    expect(await screen.findByText('The user has been created.')).toBeTruthy();
    expect(store.success).toBe(true);
  });

  it('create without a redirect stays where it is', async () => {
    vi.spyOn(client, 'post').mockResolvedValue({ data: { id: 41, name: 'New' } });
    const { where } = mount({});
    await act(() => store.create({ name: 'New' }));
    expect(where()).toMatch(/^\/start\|/);
  });

  it('update navigates only when a redirect route is given', async () => {
    vi.spyOn(client, 'update').mockResolvedValue({ data: { id: 5, name: 'B' } });
    const { where } = mount({});
    await act(() => store.update(5, { name: 'B' }));
    expect(where()).toMatch(/^\/start\|/);
    expect(store.success).toBe(true);
    await act(() => store.update(5, { name: 'B' }, { redirect: { name: 'company.user.list' } }));
    expect(where()).toMatch(/^\/admin\/user\/list\|/);
  });

  it('a failed change sets the error flag and rejects, so a form can show the field errors', async () => {
    vi.spyOn(client, 'post').mockRejectedValue(new ApiError(422, { errors: { name: ['Required'] } }, 'Required'));
    mount({});
    await act(async () => {
      await expect(store.create({ name: '' })).rejects.toBeInstanceOf(ApiError);
    });
    expect(store.error).toBe('Required');
    expect(store.success).toBe(false);
  });

  it('delete removes the item from the local list by numeric id', async () => {
    vi.spyOn(client, 'get').mockResolvedValue(
      page([
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ]),
    );
    vi.spyOn(client, 'delete').mockResolvedValue({ message: 'Deleted.' });
    mount({ listQuery: { page: 1 } });
    await waitFor(() => expect(store.items).toHaveLength(2));
    await act(() => store.remove('2'));
    expect(store.items).toEqual([{ id: 1, name: 'A' }]);
    expect(store.meta?.total).toBe(1);
    expect(client.get).toHaveBeenCalledTimes(1);
  });

  it('a failed single-item fetch goes to the named not-found route with the message', async () => {
    vi.spyOn(client, 'get').mockRejectedValue(new ApiError(404, { message: 'Not found' }, 'Not found'));
    const { where } = mount({ id: 99 });
    await waitFor(() => expect(where()).toBe('/404|{"message":"general.couldnt_found_item_with_given_id"}'));
    expect(await screen.findByText('No record was found with the given id.')).toBeTruthy();
  });

  it('an outage on a single item stays with the error flag instead', async () => {
    vi.spyOn(client, 'get').mockRejectedValue(new ApiError(0, null, 'Network down'));
    const { where } = mount({ id: 99 });
    await waitFor(() => expect(store.error).toBe('Network down'), { timeout: 4000 });
    expect(where()).toMatch(/^\/start\|/);
  });

  it('reset clears items, the current item and the flags', async () => {
    vi.spyOn(client, 'get').mockImplementation(((_url: string, id?: number) =>
      Promise.resolve(id ? { data: { id, name: 'Current' } } : page([{ id: 1, name: 'A' }]))) as Http['get']);
    vi.spyOn(client, 'update').mockResolvedValue({ data: { id: 3, name: 'Current' } });
    mount({ listQuery: { page: 1 }, id: 3 });
    await waitFor(() => expect(store.item?.name).toBe('Current'));
    await waitFor(() => expect(store.items).toHaveLength(1));
    await act(() => store.update(3, { name: 'Current' }));
    expect(store.success).toBe(true);
    act(() => store.reset());
    expect(store.items).toEqual([]);
    expect(store.item).toBeNull();
    expect(store.success).toBe(false);
    expect(store.error).toBeNull();
  });
});

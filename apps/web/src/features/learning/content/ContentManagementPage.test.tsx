import { type ContentOverview, ROLE } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import { http } from '../../../lib/api.js';

const session = vi.hoisted(() => ({ roles: [] as { id: number; permissions: { name: string }[] }[] }));
vi.mock('../../../lib/session.js', () => ({ useSessionUser: () => ({ roles: session.roles }) }));

const { default: ContentManagementPage } = await import('./ContentManagementPage.js');

const overview: ContentOverview = {
  storage: [
    { type: 'video', contents: 2, bytes: 3 * 1024 * 1024 },
    { type: 'document', contents: 1, bytes: 512 * 1024 },
    { type: 'scorm', contents: 0, bytes: 0 },
    { type: 'link', contents: 1, bytes: 0 },
    { type: 'page', contents: 1, bytes: 0 },
  ],
  unused: [
    { id: 4, type: 'link', title: 'Handbook', status: 1 },
    { id: 5, type: 'page', title: 'Welcome page', status: 0 },
  ],
  broken: [],
};
const withPermissions = (...names: string[]) => [
  { id: 42, permissions: names.map((name) => ({ name })) },
  { id: ROLE.user, permissions: [] },
];

function renderOverview() {
  renderPage(<ContentManagementPage />, { path: '/admin/content-management' });
}

describe('ContentManagementPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the storage per type, the unused contents and an empty broken list', async () => {
    session.roles = withPermissions('read_content');
    vi.spyOn(http, 'get').mockResolvedValue({ data: overview } as never);
    renderOverview();
    expect((await screen.findByTestId('storage-video-bytes')).textContent).toBe('3 MB');
    expect(screen.getByTestId('storage-video-count').textContent).toBe('2 contents');
    expect(screen.getByTestId('storage-document-count').textContent).toBe('1 content');
    expect(screen.getByTestId('storage-total').textContent).toBe('In all: 3.5 MB');
    expect(screen.getAllByTestId('content-unused-row')).toHaveLength(2);
    expect(screen.getByTestId('content-broken-empty').textContent).toContain('No content is missing its file.');
    // A reader may look, not change: no selection.
    expect(screen.queryByTestId('content-unused-select')).toBeNull();
  });

  it('changes the status of the selected contents in bulk, asking before making them passive', async () => {
    session.roles = withPermissions('read_content', 'create_content');
    vi.spyOn(http, 'get').mockResolvedValue({ data: overview } as never);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ message: 'Records updated: 2', count: 2 } as never);
    renderOverview();
    const table = await screen.findByTestId('content-unused');
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByTestId('management-bulk-bar').textContent).toContain('Selected: 2');
    fireEvent.click(screen.getByTestId('management-bulk-passive'));
    fireEvent.click(await screen.findByTestId('confirm-cancel'));
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('management-bulk-activate'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('api/admin/contents/bulk', { action: 'status', ids: [4, 5], status: 1 }),
    );
    await waitFor(() => expect(screen.queryByTestId('management-bulk-bar')).toBeNull());
  });

  it('offers a retry when the overview cannot be loaded', async () => {
    session.roles = withPermissions('read_content');
    const get = vi.spyOn(http, 'get').mockRejectedValue(new Error('Server down'));
    renderOverview();
    const error = await screen.findByTestId('content-management-error');
    expect(error.textContent).toContain('Server down');
    get.mockResolvedValue({ data: overview } as never);
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('storage-video-bytes')).toBeTruthy();
  });
});

import type { UserImportResult } from '@kampus/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import UsersImportPage from './UsersImportPage.js';

const preview: UserImportResult = {
  dry_run: true,
  summary: { rows: 3, to_create: 1, to_update: 1, invalid: 1 },
  created: 0,
  updated: 0,
  invitations: 0,
  errors: [{ row: 3, column: 'email', header: 'E-posta', value: 'nope', message: 'Enter a valid email address.' }],
  ignored_columns: ['Favourite'],
};
const done: UserImportResult = { ...preview, dry_run: false, created: 1, updated: 1, invitations: 1 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderImport() {
  renderPage(<UsersImportPage />, { path: '/admin/user/import' });
}

async function pick(file: File) {
  const input = (await screen.findByTestId('import-dropzone')).querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
  await screen.findByTestId('import-file');
}

const xlsx = () =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'people.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

describe('UsersImportPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the file first, shows the summary and every bad row, then imports the valid rows', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(json(200, preview)).mockResolvedValueOnce(json(200, done));
    vi.stubGlobal('fetch', fetchMock);
    renderImport();
    expect(screen.getByTestId('import-check').hasAttribute('disabled')).toBe(true);
    await pick(xlsx());
    fireEvent.click(screen.getByTestId('import-check'));

    await screen.findByTestId('import-preview');
    expect(screen.getByTestId('import-summary-invalid').getAttribute('data-value')).toBe('1');
    expect(screen.getByTestId('import-ignored-columns').textContent).toContain('Favourite');
    const row = screen.getByTestId('import-error-row');
    expect(row.getAttribute('data-row')).toBe('3');
    expect(row.textContent).toContain('E-posta');
    expect(row.textContent).toContain('Enter a valid email address.');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/users/import?dry_run=true&send_invitations=true');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);

    fireEvent.click(screen.getByTestId('import-run'));
    const result = await screen.findByTestId('import-result');
    expect(result.getAttribute('data-created')).toBe('1');
    expect(result.textContent).toContain('1 people created, 1 updated.');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/admin/users/import?dry_run=false&send_invitations=true');
  });

  it("shows the server's reason when the file is refused, and imports nothing", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(json(422, { message: 'Invalid', errors: { file: ['The file could not be read.'] } }));
    vi.stubGlobal('fetch', fetchMock);
    renderImport();
    await pick(xlsx());
    fireEvent.click(screen.getByTestId('import-send-invitations'));
    fireEvent.click(screen.getByTestId('import-check'));
    expect((await screen.findByTestId('import-check-error')).textContent).toContain('The file could not be read.');
    expect(screen.queryByTestId('import-run')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toContain('send_invitations=false');
  });

  it('offers no import when no row is valid, and starts over when the file is removed', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(json(200, { ...preview, summary: { rows: 1, to_create: 0, to_update: 0, invalid: 1 } })),
    );
    renderImport();
    await pick(xlsx());
    fireEvent.click(screen.getByTestId('import-check'));
    await screen.findByText('There is no valid row to import. Correct the file and check it again.');
    expect(screen.queryByTestId('import-run')).toBeNull();
    fireEvent.click(screen.getByTestId('import-file-remove'));
    await waitFor(() => expect(screen.queryByTestId('import-preview')).toBeNull());
    expect(screen.getByTestId('import-dropzone')).toBeTruthy();
  });
});

import type { QuestionImportResult } from '@kampus/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render.js';
import QuestionImportPage from './QuestionImportPage.js';

const preview: QuestionImportResult = {
  dry_run: true,
  summary: { rows: 2, valid: 1, invalid: 1 },
  created: 0,
  preview: [{ row: 2, type: 'single', title: 'Which of these is the strongest password?' }],
  errors: [{ row: 3, column: 'type', value: 'Essay', message: 'Write one of the question types.' }],
  ignored_columns: ['Notes'],
};
const done: QuestionImportResult = { ...preview, dry_run: false, created: 1 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const xlsx = () =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'questions.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function pick(file: File) {
  const input = (await screen.findByTestId('import-dropzone')).querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
  await screen.findByTestId('import-file');
}

describe('QuestionImportPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the file, lists the questions to be written and the bad rows, then imports the valid ones', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(json(200, preview)).mockResolvedValueOnce(json(200, done));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<QuestionImportPage />, { path: '/admin/question/import' });
    expect(screen.getByTestId('question-import-template')).toBeTruthy();
    expect(screen.queryByTestId('import-send-invitations')).toBeNull();
    await pick(xlsx());
    fireEvent.click(screen.getByTestId('import-check'));

    await screen.findByTestId('import-preview');
    expect(screen.getByTestId('import-summary-valid').getAttribute('data-value')).toBe('1');
    expect(screen.getByTestId('import-summary-invalid').getAttribute('data-value')).toBe('1');
    expect(screen.getByTestId('import-preview-list').textContent).toContain(
      'Which of these is the strongest password?',
    );
    expect(screen.getByTestId('import-ignored-columns').textContent).toContain('Notes');
    const row = screen.getByTestId('import-error-row');
    expect(row.getAttribute('data-row')).toBe('3');
    // The column by its name in the template, without the required star.
    expect(row.textContent).toContain('Type');
    expect(row.textContent).not.toContain('*');
    expect(row.textContent).toContain('Write one of the question types.');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/questions/import?dry_run=true');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    // No images were uploaded: the rows may name none.
    expect((init.body as FormData).get('images')).toBe('[]');
    expect(screen.getByTestId('question-import-images-upload')).toBeTruthy();

    fireEvent.click(screen.getByTestId('import-run'));
    const result = await screen.findByTestId('import-result');
    expect(result.getAttribute('data-created')).toBe('1');
    expect(result.textContent).toContain('1 row with errors was skipped.');
    // The skipped rows stay in sight after the import.
    expect(screen.getByTestId('import-error-row').getAttribute('data-row')).toBe('3');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/admin/questions/import?dry_run=false');
  });

  it("shows the server's reason when the file is refused, and offers no import", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(422, { message: 'Invalid', errors: { file: ['The file is empty.'] } })),
    );
    renderPage(<QuestionImportPage />, { path: '/admin/question/import' });
    await pick(xlsx());
    fireEvent.click(screen.getByTestId('import-check'));
    expect((await screen.findByTestId('import-check-error')).textContent).toContain('The file is empty.');
    expect(screen.queryByTestId('import-run')).toBeNull();
  });
});

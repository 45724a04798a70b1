import { Worker } from 'node:worker_threads';
import { LOCALES, USER_IMPORT_COLUMNS, type UserCustomField, type UserImportColumn } from '@kampus/shared';
import { importWorkerEntry } from '../../../paths.js';
import { translator } from '../../../platform/i18n.js';
import { foldCase } from '../../../platform/resource/resource.js';
import { ImportFileRejected, type ImportSheet, type UploadedFile } from './import-reader.js';
import type { ImportWorkerAnswer, ImportWorkerInput } from './import-worker.js';

export { ImportFileRejected, type ImportSheet } from './import-reader.js';

/**
 * The heap one parse may use. A legal sheet of 10,000 rows needs a few tens of MB; a hostile one that gets past the
 * size checks runs out of this heap, and only its worker dies.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };

/** A parse that has not answered by then is stopped: the file asks for more work than any legal import does. */
const PARSE_TIMEOUT_MS = 60_000;

/** At most `size` tasks at once; the others wait their turn in order. */
function createLimiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < size) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiting task, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Two parses at once at most, so simultaneous imports cannot multiply the workers' memory. */
const limitParses = createLimiter(2);

const tooMuchData = (maxRows: number) => new ImportFileRejected('users_import.too_much_data', { max: maxRows });

/** Reads the file in a worker thread, so a big or hostile file never holds the event loop other tenants share. */
function readInWorker(file: UploadedFile, maxRows: number): Promise<ImportSheet> {
  return new Promise((resolve, reject) => {
    const input: ImportWorkerInput = { file, maxRows };
    // No inherited execArgv: the entry is compiled JavaScript in the build, and loads TypeScript itself from source.
    const worker = new Worker(importWorkerEntry, { workerData: input, resourceLimits: WORKER_LIMITS, execArgv: [] });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      // Ending the worker gives its whole heap back, whatever the file made it hold.
      void worker.terminate();
      finish();
    };
    const timeout = setTimeout(() => settle(() => reject(tooMuchData(maxRows))), PARSE_TIMEOUT_MS);
    worker.once('message', (answer: ImportWorkerAnswer) =>
      settle(() => {
        if (answer.kind === 'sheet') resolve(answer.sheet);
        else if (answer.kind === 'rejected') reject(new ImportFileRejected(answer.key, answer.params));
        else reject(new Error(`User import worker failed: ${answer.message}`));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooMuchData(maxRows) : error)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`User import worker exited with code ${code}`))));
  });
}

/**
 * Reads an uploaded xlsx or csv into text rows (import-reader.ts): off the event loop, with at most `maxRows` data
 * rows and bounded unpacked sizes.
 */
export function readImportFile(file: UploadedFile, maxRows: number): Promise<ImportSheet> {
  return limitParses(() => readInWorker(file, maxRows));
}

/** Letters and digits only, case folded, hints in parentheses dropped: "E-posta *" and "eposta" are the same. */
export function normaliseHeader(header: string): string {
  return foldCase(header.replace(/\([^)]*\)/g, '')).replace(/[^\p{L}\p{N}]/gu, '');
}

/** Every accepted spelling of each column: its key, and its import and export labels in every language. */
function buildHeaderAliases(): Map<string, UserImportColumn> {
  const aliases = new Map<string, UserImportColumn>();
  for (const column of USER_IMPORT_COLUMNS) {
    const spellings: string[] = [column];
    for (const locale of LOCALES) {
      const t = translator(locale);
      spellings.push(t(`users_import.columns.${column}`));
      const exported = `users.columns.${column}`;
      if (t(exported) !== exported) spellings.push(t(exported));
    }
    for (const spelling of spellings) {
      const key = normaliseHeader(spelling);
      const taken = aliases.get(key);
      if (taken && taken !== column) throw new Error(`Import header "${spelling}" names both ${taken} and ${column}`);
      aliases.set(key, column);
    }
  }
  return aliases;
}

let headerAliases: Map<string, UserImportColumn> | undefined;

/** Every spelling of the company's fields: the key and each label, as headers are compared. */
function customFieldAliases(fields: readonly UserCustomField[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const field of fields) {
    for (const spelling of [field.key, ...Object.values(field.label)]) {
      const key = spelling ? normaliseHeader(spelling) : '';
      // The first field keeps a spelling two of them share, as the order decides everywhere else.
      if (key !== '' && !aliases.has(key)) aliases.set(key, field.key);
    }
  }
  return aliases;
}

/**
 * What each header of the file names: a standard column, one of the company's defined fields (by key or by a label
 * in any language), or nothing.
 */
export function mapHeaders(headers: string[], customFields: readonly UserCustomField[]) {
  headerAliases ??= buildHeaderAliases();
  const custom = customFieldAliases(customFields);
  const columns: ({ kind: 'column'; column: UserImportColumn } | { kind: 'custom'; key: string } | null)[] = [];
  const seen = new Set<string>();
  const ignored: string[] = [];
  for (const header of headers) {
    const normalised = normaliseHeader(header);
    const column = headerAliases.get(normalised);
    const customKey = custom.get(normalised);
    const target = column ? `c:${column}` : customKey ? `f:${customKey}` : null;
    // A column repeated is read once, from its first occurrence.
    if (!target || seen.has(target)) {
      if (header !== '') ignored.push(header);
      columns.push(null);
      continue;
    }
    seen.add(target);
    columns.push(column ? { kind: 'column', column } : { kind: 'custom', key: customKey as string });
  }
  return { columns, ignored };
}

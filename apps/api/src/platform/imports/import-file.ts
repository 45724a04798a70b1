import { Worker } from 'node:worker_threads';
import { importWorkerEntry } from '../../paths.js';
import { foldCase } from '../resource/resource.js';
import { ImportFileRejected, type ImportSheet, type UploadedFile } from './import-reader.js';
import type { ImportWorkerAnswer, ImportWorkerInput } from './import-worker.js';

export { ImportFileRejected, type ImportSheet, type UploadedFile } from './import-reader.js';

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
        else reject(new Error(`Import worker failed: ${answer.message}`));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooMuchData(maxRows) : error)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`Import worker exited with code ${code}`))));
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

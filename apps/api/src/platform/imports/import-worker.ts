import { parentPort, workerData } from 'node:worker_threads';
import { ImportFileRejected, readUploadedSheet, type UploadedFile } from './import-reader.js';

/** What the import worker answers: the sheet, the reason a file is refused, or an unexpected failure. */
export type ImportWorkerAnswer =
  | { kind: 'sheet'; sheet: Awaited<ReturnType<typeof readUploadedSheet>> }
  | { kind: 'rejected'; key: string; params: Record<string, unknown> }
  | { kind: 'failed'; message: string };

export interface ImportWorkerInput {
  file: UploadedFile;
  maxRows: number;
}

async function answer({ file, maxRows }: ImportWorkerInput): Promise<ImportWorkerAnswer> {
  // The buffer arrives as a plain Uint8Array (structured clone); the readers want a Buffer's methods.
  const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  try {
    return { kind: 'sheet', sheet: await readUploadedSheet({ ...file, data }, maxRows) };
  } catch (error) {
    if (error instanceof ImportFileRejected) return { kind: 'rejected', key: error.key, params: error.params };
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.postMessage(await answer(workerData as ImportWorkerInput));

import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
} from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Stored names are 128 random bits in hex plus the extension the content proved; nothing else is ever stored. */
const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

export const isStoredName = (name: string): boolean => STORED_NAME.test(name);

/** A new random name for a file of that extension. */
export function newStoredName(extension: string): string {
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  if (!isStoredName(name)) throw new Error(`refusing to store an unexpected name: ${name}`);
  return name;
}

/** Bytes `start` to `end`, both included (as in HTTP's Range and Content-Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObjectInfo {
  /** The whole file's size in bytes. */
  size: number;
  lastModified: Date;
}

export interface OpenedFile extends StoredObjectInfo {
  /** The bytes asked for: the range when one was given, else the whole file. */
  body: Readable;
}

/**
 * Where every file users upload or the server generates lives (images, documents, videos, SCORM packages,
 * certificates, exports). Keys are `<companyId>/<random name>`, so a file can only be looked up under its own company.
 * Bodies are streams both ways: a file is never held in memory whole. Local disk (below) or S3 (s3-storage.ts).
 */
export interface FileStorage {
  /**
   * Stores the body under a new random name with the given extension and answers that name and the bytes written.
   * When the body fails (a limit passed, the client went away), nothing is left behind and the error is rethrown.
   */
  put(
    companyId: number,
    extension: string,
    body: Readable | Buffer,
    options: { contentType: string },
  ): Promise<{ name: string; size: number }>;
  /** The file's bytes (or the range of them), or null when the company has no such file. */
  open(companyId: number, name: string, range?: ByteRange): Promise<OpenedFile | null>;
  stat(companyId: number, name: string): Promise<StoredObjectInfo | null>;
  exists(companyId: number, name: string): Promise<boolean>;
  /**
   * Copies a stored file into another company under the same name (names are random, so they never clash), e.g. a
   * logo a super admin uploaded on their own host for another company.
   */
  copy(fromCompanyId: number, toCompanyId: number, name: string): Promise<void>;
  /** Deletes a stored file; one already gone is fine (the clean-up may run on several nodes). */
  remove(companyId: number, name: string): Promise<void>;
  /** Releases connections (S3); called when the app closes. */
  close(): Promise<void>;
}

/** Counts the bytes that pass, so a store knows a streamed file's size without buffering it. */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

export const asStream = (body: Readable | Buffer): Readable => (Buffer.isBuffer(body) ? Readable.from([body]) : body);

function assertStoredName(name: string): void {
  if (!isStoredName(name)) throw new Error(`refusing an unexpected stored name: ${name}`);
}

/**
 * Moves the folder of older installs (`DATA_DIR/uploads/<companyId>/…`) to `DATA_DIR/files` once, at start-up: a
 * rename when `files` is new, else file by file (a name already there is kept; random names never clash).
 */
export function moveLegacyUploads(dataDir: string): void {
  const legacy = path.resolve(dataDir, 'uploads');
  const root = path.resolve(dataDir, 'files');
  if (!existsSync(legacy)) return;
  if (!existsSync(root)) {
    mkdirSync(path.dirname(root), { recursive: true });
    renameSync(legacy, root);
    return;
  }
  for (const company of readdirSync(legacy)) {
    const from = path.join(legacy, company);
    const to = path.join(root, company);
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) {
      if (isStoredName(name) && !existsSync(path.join(to, name)))
        renameSync(path.join(from, name), path.join(to, name));
    }
  }
  rmdirSyncIfEmpty(legacy);
}

function rmdirSyncIfEmpty(folder: string): void {
  for (const company of readdirSync(folder)) {
    const inner = path.join(folder, company);
    if (readdirSync(inner).length === 0) rmdirSync(inner);
  }
  if (readdirSync(folder).length === 0) rmdirSync(folder);
}

/** Files on local disk under `DATA_DIR/files/<companyId>/<name>`, written aside and renamed when complete. */
export function createLocalFileStorage(dataDir: string): FileStorage {
  moveLegacyUploads(dataDir);
  const root = path.resolve(dataDir, 'files');
  const directoryOf = (companyId: number) => path.join(root, String(companyId));
  const pathOf = (companyId: number, name: string) => path.join(directoryOf(companyId), name);
  // Partial files start with a dot, so they never match a stored name and are never served.
  const partialOf = (companyId: number, name: string) => path.join(directoryOf(companyId), `.${name}.partial`);

  async function statOf(companyId: number, name: string): Promise<StoredObjectInfo | null> {
    if (!isStoredName(name)) return null;
    const found = await stat(pathOf(companyId, name)).catch(() => null);
    return found?.isFile() ? { size: found.size, lastModified: found.mtime } : null;
  }

  return {
    async put(companyId, extension, body, _options) {
      const name = newStoredName(extension);
      await mkdir(directoryOf(companyId), { recursive: true });
      const partial = partialOf(companyId, name);
      const counter = byteCounter();
      try {
        await pipeline(asStream(body), counter, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, pathOf(companyId, name));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { name, size: counter.bytes };
    },

    async open(companyId, name, range) {
      const info = await statOf(companyId, name);
      if (!info) return null;
      const body = createReadStream(pathOf(companyId, name), range ? { start: range.start, end: range.end } : {});
      return { ...info, body };
    },

    stat: statOf,

    async exists(companyId, name) {
      return (await statOf(companyId, name)) !== null;
    },

    async copy(fromCompanyId, toCompanyId, name) {
      assertStoredName(name);
      await mkdir(directoryOf(toCompanyId), { recursive: true });
      const partial = partialOf(toCompanyId, name);
      await copyFile(pathOf(fromCompanyId, name), partial);
      await rename(partial, pathOf(toCompanyId, name));
    },

    async remove(companyId, name) {
      assertStoredName(name);
      await rm(pathOf(companyId, name), { force: true });
    },

    async close() {},
  };
}

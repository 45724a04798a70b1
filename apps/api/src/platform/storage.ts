import { randomBytes } from 'node:crypto';
import { access, copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Stored names are 128 random bits in hex plus the extension the content proved; nothing else is ever stored. */
const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

export const isStoredName = (name: string): boolean => STORED_NAME.test(name);

/**
 * Where uploaded files live: one folder per company, so a company's files can only ever be looked up under its own
 * id. Local disk under DATA_DIR today; an S3-compatible store would implement the same interface.
 */
export interface FileStorage {
  /** Stores the bytes under a new random name with the given extension and returns that name. */
  save(companyId: number, extension: string, data: Buffer): Promise<string>;
  exists(companyId: number, name: string): Promise<boolean>;
  /**
   * Copies a stored file into another company's folder under the same name (names are random, so they never clash),
   * e.g. a logo a super admin uploaded on their own host for another company.
   */
  copy(fromCompanyId: number, toCompanyId: number, name: string): Promise<void>;
  /** Deletes a stored file; one already gone is fine (the clean-up may run on several nodes). */
  remove(companyId: number, name: string): Promise<void>;
  /** The folder a company's files are served from. */
  directoryOf(companyId: number): string;
}

export function createLocalFileStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, 'uploads');
  const directoryOf = (companyId: number) => path.join(root, String(companyId));

  return {
    directoryOf,

    async save(companyId, extension, data) {
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      if (!isStoredName(name)) throw new Error(`refusing to store an unexpected name: ${name}`);
      const directory = directoryOf(companyId);
      await mkdir(directory, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = path.join(directory, `.${name}.partial`);
      await writeFile(partial, data, { flag: 'wx' });
      await rename(partial, path.join(directory, name));
      return name;
    },

    async copy(fromCompanyId, toCompanyId, name) {
      if (!isStoredName(name)) throw new Error(`refusing to copy an unexpected name: ${name}`);
      const directory = directoryOf(toCompanyId);
      await mkdir(directory, { recursive: true });
      const partial = path.join(directory, `.${name}.partial`);
      await copyFile(path.join(directoryOf(fromCompanyId), name), partial);
      await rename(partial, path.join(directory, name));
    },

    async remove(companyId, name) {
      if (!isStoredName(name)) throw new Error(`refusing to remove an unexpected name: ${name}`);
      await rm(path.join(directoryOf(companyId), name), { force: true });
    },

    async exists(companyId, name) {
      if (!isStoredName(name)) return false;
      return access(path.join(directoryOf(companyId), name)).then(
        () => true,
        () => false,
      );
    },
  };
}

import { UPLOAD_KINDS, type UploadedFile, type UploadKindName } from '@kampus/shared';
import type { Platform } from '../../platform/deps.js';
import { notFound } from '../../platform/http/errors.js';
import { fileUrlOf, type ReceivedFile } from '../../platform/uploads.js';

/** Uploaded files belong to the company whose host received them and are only ever served on that host. */
export function createFilesService(platform: Platform) {
  const storage = platform.files;

  return {
    kind: (name: UploadKindName) => UPLOAD_KINDS[name],

    /** Stores files that already passed the kind's rules; answers where each is served from. */
    async store(companyId: number, files: ReceivedFile[]): Promise<UploadedFile[]> {
      const stored: UploadedFile[] = [];
      for (const file of files) {
        const name = await storage.save(companyId, file.extension, file.data);
        stored.push({ url: fileUrlOf(name), name: file.name, size: file.data.length, mime: file.mime });
      }
      return stored;
    },

    /** The folder to serve a stored file from; another company's file (or none) is simply not found. */
    async locate(companyId: number, name: string): Promise<string> {
      if (!(await storage.exists(companyId, name))) throw notFound();
      return storage.directoryOf(companyId);
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

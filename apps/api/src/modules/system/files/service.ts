import { type StorageUsage, UPLOAD_KINDS, type UploadedFile, type UploadKindName } from '@kampus/shared';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { companies, storedFiles } from '../../../db/schema/index.js';
import { asSystem, inTenant, withTenantMoved } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';
import type { SignedQuery } from '../../../platform/signed-urls.js';
import type { ByteRange } from '../../../platform/storage.js';
import {
  fileUrlOf,
  type ReceivedFile,
  storedNameOf,
  UploadRejected,
  type UploadTarget,
} from '../../../platform/uploads.js';

const MB = 1024 * 1024;
/** Rows the clean-up deletes per transaction, so one sweep never holds many locks. */
const CLEAN_UP_BATCH = 200;

export type StoredFileVisibility = (typeof storedFiles.$inferSelect)['visibility'];

/** A stored file's row as GET api/files/{name} serves it. */
export interface ServedFile {
  size: number;
  mime: string;
  visibility: StoredFileVisibility;
  createdAt: Date;
}

/** Who uploads: files land in the folder of the host's company and count against its quota and the person's rate. */
export interface Uploader {
  companyId: number;
  userId: number;
}

/**
 * Marks an address this server issued for companyId as used by one more record (a photo, a logo), inside the
 * caller's transaction, so the clean-up keeps it. Answers false when the address is not a stored file of that company
 * (a foreign address, another company's file, one already cleaned up): the caller refuses it on its own field.
 */
export async function attachFile(tx: Db, companyId: number, url: string): Promise<boolean> {
  const name = storedNameOf(url);
  if (name === null) return false;
  const marked = await withTenantMoved(tx, companyId, () =>
    tx
      .update(storedFiles)
      .set({ attachments: sql`${storedFiles.attachments} + 1`, attachedAt: new Date() })
      .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.name, name)))
      .returning({ id: storedFiles.id }),
  );
  return marked.length > 0;
}

/** What the files table knows of an address this server issued for companyId, in the caller's transaction. */
export async function storedFileOf(
  tx: Db,
  companyId: number,
  url: string,
): Promise<{ name: string; originalName: string; size: number; mime: string } | null> {
  const name = storedNameOf(url);
  if (name === null) return null;
  const [row] = await withTenantMoved(tx, companyId, () =>
    tx
      .select({
        name: storedFiles.name,
        originalName: storedFiles.originalName,
        size: storedFiles.size,
        mime: storedFiles.mime,
      })
      .from(storedFiles)
      .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.name, name))),
  );
  return row ?? null;
}

/**
 * One record no longer points at the address (a replaced or cleared photo or logo). A file nothing points at any more
 * is removed by the next clean-up once it is older than the grace period.
 */
export async function detachFile(tx: Db, companyId: number, url: string | null | undefined): Promise<void> {
  const name = url ? storedNameOf(url) : null;
  if (name === null) return;
  await withTenantMoved(tx, companyId, () =>
    tx
      .update(storedFiles)
      .set({
        attachments: sql`${storedFiles.attachments} - 1`,
        attachedAt: sql`case when ${storedFiles.attachments} > 1 then ${storedFiles.attachedAt} end`,
      })
      .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.name, name), gt(storedFiles.attachments, 0))),
  );
}

/** A record now points at `url` instead of `previous`: attaches the new file first, then lets the old one go. */
export async function replaceFile(
  tx: Db,
  companyId: number,
  previous: string | null | undefined,
  url: string | null,
): Promise<boolean> {
  if (url === (previous ?? null)) return true;
  if (url !== null && !(await attachFile(tx, companyId, url))) return false;
  await detachFile(tx, companyId, previous);
  return true;
}

/**
 * Copies a stored file of one company into another's folder under the same name (a super admin's upload on their own
 * host that becomes another company's logo) and records the copy there, attached. The original stays unattached in
 * the uploader's company and is cleaned up. The transaction may act in either company.
 */
export async function copyFileTo(
  tx: Db,
  storage: Platform['files'],
  from: number,
  to: number,
  url: string,
): Promise<boolean> {
  const name = storedNameOf(url);
  if (name === null) return false;
  const [source] = await withTenantMoved(tx, from, () =>
    tx
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.companyId, from), eq(storedFiles.name, name))),
  );
  if (!source) return false;
  await storage.copy(from, to, name);
  await withTenantMoved(tx, to, () =>
    tx.insert(storedFiles).values({
      companyId: to,
      name,
      originalName: source.originalName,
      size: source.size,
      mime: source.mime,
      visibility: source.visibility,
      uploadedBy: source.uploadedBy,
      attachments: 1,
      attachedAt: new Date(),
    }),
  );
  return true;
}

/**
 * A short-lived address of a stored file of companyId (`?expires=…&signature=…`), for a person the calling module has
 * already found allowed to see it: the only way a private file (document, video, export, certificate) is served.
 * Null for an address this server did not issue. Public files accept it too, so callers need not tell them apart.
 */
export function signedFileUrl(
  platform: Platform,
  companyId: number,
  url: string,
  now?: Date,
  readerCompanyId: number = companyId,
): string | null {
  const name = storedNameOf(url);
  if (name === null) return null;
  const signed = platform.fileUrls.sign(companyId, name, now).url;
  // A reader in another company of the group (a sub-company's learner reading its main company's announcement) loads
  // it on their own host: the address names the owner, whose id the signature binds (see the files route).
  return readerCompanyId === companyId ? signed : `${signed}&${FILE_OWNER_PARAM}=${companyId}`;
}

/** The query parameter naming a signed file's owning company when it is served on another host of its group. */
export const FILE_OWNER_PARAM = 'company';

/** Takes the company's storage lock for the rest of the transaction, so two uploads cannot both fit the last space. */
async function lockStorageOf(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kampus.stored_files'), ${companyId})`);
}

async function usageIn(tx: Db, companyId: number): Promise<{ bytes: number; files: number }> {
  const [row] = await tx
    .select({
      bytes: sql<string>`coalesce(sum(${storedFiles.size}), 0)`,
      files: sql<number>`count(*)::integer`,
    })
    .from(storedFiles)
    .where(eq(storedFiles.companyId, companyId));
  return { bytes: Number(row?.bytes ?? 0), files: Number(row?.files ?? 0) };
}

/** Uploaded files belong to the company whose host received them and are only ever served on that host. */
export function createFilesService(platform: Platform) {
  const db = platform.database.db;
  const storage = platform.files;
  const config = platform.config;
  const limiters = platform.limiters;

  async function quotaMbOf(tx: Db, companyId: number): Promise<number> {
    const [company] = await tx
      .select({ quota: companies.uploadQuotaMb })
      .from(companies)
      .where(eq(companies.id, companyId));
    return company?.quota ?? config.UPLOAD_QUOTA_MB;
  }

  /** The rows of files already in storage, so usage, attachment and the clean-up know them. */
  async function recordAll(
    tx: Db,
    uploader: Uploader,
    files: ReceivedFile[],
    visibility: StoredFileVisibility,
  ): Promise<UploadedFile[]> {
    const stored: UploadedFile[] = [];
    for (const file of files) {
      await tx.insert(storedFiles).values({
        companyId: uploader.companyId,
        name: file.storedName,
        originalName: file.name,
        size: file.size,
        mime: file.mime,
        visibility,
        uploadedBy: uploader.userId,
      });
      stored.push({ url: fileUrlOf(file.storedName), name: file.name, size: file.size, mime: file.mime });
    }
    return stored;
  }

  const removeAll = (uploader: Uploader, files: ReceivedFile[]) =>
    Promise.allSettled(files.map((file) => storage.remove(uploader.companyId, file.storedName)));

  /** Deletes up to one batch of unattached rows older than the cutoff and answers what they named. */
  function deleteExpiredBatch(cutoff: Date) {
    return asSystem(db, (tx) => {
      // Rows another transaction holds (being attached right now, or taken by another node's sweep) are skipped.
      const expired = tx
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(and(eq(storedFiles.attachments, 0), lt(storedFiles.createdAt, cutoff)))
        .orderBy(storedFiles.createdAt)
        .limit(CLEAN_UP_BATCH)
        .for('update', { skipLocked: true });
      return tx
        .delete(storedFiles)
        .where(inArray(storedFiles.id, expired))
        .returning({ companyId: storedFiles.companyId, name: storedFiles.name });
    });
  }

  /**
   * Removes uploads nothing points at once they are older than UPLOAD_CLEANUP_AFTER_HOURS: rows first (committed), then
   * the files, so a file is never served without a row deciding about it. Safe on several nodes at once.
   */
  async function cleanUp(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - config.UPLOAD_CLEANUP_AFTER_HOURS * 3600 * 1000);
    let removed = 0;
    for (;;) {
      const batch = await deleteExpiredBatch(cutoff);
      for (const file of batch) {
        await storage.remove(file.companyId, file.name).catch((error: unknown) => {
          platform.log.warn({ err: error, companyId: file.companyId, file: file.name }, 'removing an upload failed');
        });
      }
      removed += batch.length;
      if (batch.length < CLEAN_UP_BATCH) return removed;
    }
  }

  return {
    kind: (name: UploadKindName) => UPLOAD_KINDS[name],

    /** Refuses (429) a person already over their upload rate, before the body is read. */
    async assertWithinRate(uploader: Uploader): Promise<void> {
      await limiters.uploadFilesPerUser.check(String(uploader.userId));
      await limiters.uploadKilobytesPerUser.check(String(uploader.userId));
    },

    /** Where POST api/uploads streams the company's files, and the room its quota has left for them. */
    uploadTarget(uploader: Uploader): Promise<UploadTarget> {
      return inTenant(db, uploader.companyId, async (tx) => {
        const [usage, quotaMb] = [await usageIn(tx, uploader.companyId), await quotaMbOf(tx, uploader.companyId)];
        return { storage, companyId: uploader.companyId, roomBytes: quotaMb * MB - usage.bytes, quotaMb };
      });
    },

    /**
     * Records files already streamed into storage (they passed the kind's rules) and answers where each is served
     * from. They count against the person's rate (429) and must fit the company's quota (422 under `files`);
     * otherwise they are removed from storage again and nothing is recorded.
     */
    async store(uploader: Uploader, files: ReceivedFile[], kind: UploadKindName): Promise<UploadedFile[]> {
      const bytes = files.reduce((sum, file) => sum + file.size, 0);
      try {
        await limiters.uploadFilesPerUser.consume(String(uploader.userId), files.length);
        await limiters.uploadKilobytesPerUser.consume(String(uploader.userId), Math.max(1, Math.ceil(bytes / 1024)));
        return await inTenant(db, uploader.companyId, async (tx) => {
          await lockStorageOf(tx, uploader.companyId);
          const [usage, quotaMb] = [await usageIn(tx, uploader.companyId), await quotaMbOf(tx, uploader.companyId)];
          if (usage.bytes + bytes > quotaMb * MB) {
            throw new UploadRejected([{ key: 'upload.quota_exceeded', params: { quota: quotaMb } }]);
          }
          return recordAll(tx, uploader, files, UPLOAD_KINDS[kind].visibility);
        });
      } catch (error) {
        await removeAll(uploader, files);
        throw error;
      }
    },

    /** GET api/admin/settings/storage: what the company's uploads take, of how much. */
    usage(companyId: number): Promise<StorageUsage> {
      return inTenant(db, companyId, async (tx) => {
        const [usage, quotaMb] = [await usageIn(tx, companyId), await quotaMbOf(tx, companyId)];
        return { used_bytes: usage.bytes, quota_bytes: quotaMb * MB, files: usage.files };
      });
    },

    /** What GET api/files/{name} needs to know of a company's file; another company's file (or none) is null. */
    async describe(companyId: number, name: string): Promise<ServedFile | null> {
      const [row] = await inTenant(db, companyId, (tx) =>
        tx
          .select({
            size: storedFiles.size,
            mime: storedFiles.mime,
            visibility: storedFiles.visibility,
            createdAt: storedFiles.createdAt,
          })
          .from(storedFiles)
          .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.name, name))),
      );
      return row ?? null;
    },

    /**
     * The company whose file a host serves when the address names `owner`: the host's own, or another company of the
     * same group (the host's main company or one of its sub-companies); null for any other.
     */
    async ownerServedOn(host: { id: number; parentId: number | null }, owner: number): Promise<number | null> {
      if (owner === host.id || owner === host.parentId) return owner;
      const [row] = await asSystem(db, (tx) =>
        tx.select({ parentId: companies.parentId }).from(companies).where(eq(companies.id, owner)),
      );
      return row?.parentId === host.id ? owner : null;
    },

    /** Opens a company's stored file (or the range of it); null when storage no longer has it. */
    open: (companyId: number, name: string, range?: ByteRange) => storage.open(companyId, name, range),

    /** Whether a signed address's query is this server's, for this company's file, and unexpired. */
    verifySignature: (companyId: number, name: string, query: SignedQuery) =>
      platform.fileUrls.verify(companyId, name, query),

    /** See signedFileUrl: a short-lived address for a person allowed to see the file. */
    signedUrl: (companyId: number, url: string) => signedFileUrl(platform, companyId, url),

    cleanUp,
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  CERTIFICATE_ZIP_MAX,
  EXPORT_MAX_ROWS,
  type ExportFileResult,
  type IssuedCertificateExportQuery,
  type IssuedCertificateZipQuery,
  issuedCertificateZipQuerySchema,
} from '@kampus/shared';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import yazl from 'yazl';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { certificateDefinitions, certificates, storedFiles, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import {
  type ExportOwner,
  type ExportPlan,
  exportOwnerOf,
  exportOwnerSchema,
  initiatorOf,
} from '../../../platform/exports.js';
import { HttpError, notFound } from '../../../platform/http/errors.js';
import { type Translate, translator } from '../../../platform/i18n.js';
import type { JobContext } from '../../../platform/jobs.js';
import type { Cell } from '../../../platform/resource/export.js';
import type { CertificateIssuing } from './issue.js';
import { fullName, issuedWhere, stateOf } from './records.js';

const ZIP_JOB = 'certificates.zip';
/** The issued-certificates export's job is `export.certificates.issued` (platform/exports.ts adds the prefix). */
export const ISSUED_EXPORT_JOB = 'certificates.issued';
const EXPORT_BATCH = 500;
const ZIP_PROGRESS_EVERY = 25;
const NS = 'certificates.admin';

const zipPayload = z.object({ owner: exportOwnerSchema, params: issuedCertificateZipQuerySchema });

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
/** A person's name as a file name inside the zip: no path separators or control characters. */
const safeName = (text: string) =>
  text
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);

/**
 * The admin's work on issued certificates beyond the list (`records.ts`): re-rendering one certificate, the export of
 * a list as a spreadsheet (an export job) and the bulk download of their PDFs as a zip built in a durable job, both
 * delivered as a private file through `GET api/jobs/{id}/download`.
 */
export function createIssuedCertificatesAdmin(platform: Platform, issuing: CertificateIssuing) {
  const db = platform.database.db;

  async function zipCertificates(
    { owner, params }: z.infer<typeof zipPayload>,
    context: Pick<JobContext, 'progress'>,
  ): Promise<ExportFileResult> {
    const t = translator(owner.lang);
    return inTenant(db, owner.companyId, async (tx) => {
      const rows = await tx
        .select({ number: certificates.number, fullName, pdf: storedFiles.name })
        .from(certificates)
        .innerJoin(users, eq(users.id, certificates.userId))
        .innerJoin(storedFiles, eq(storedFiles.id, certificates.pdfFileId))
        .where(and(issuedWhere(owner.companyId, params), isNotNull(certificates.pdfFileId)))
        .orderBy(asc(certificates.number))
        .limit(CERTIFICATE_ZIP_MAX);
      const zip = new yazl.ZipFile();
      const mime = 'application/zip';
      const stored = platform.files.put(owner.companyId, 'zip', zip.outputStream as Readable, { contentType: mime });
      // The store is read while the entries are added; a failure of either ends both.
      stored.catch(() => undefined);
      let done = 0;
      try {
        for (const row of rows) {
          const opened = await platform.files.open(owner.companyId, row.pdf);
          if (!opened) continue;
          // PDFs are compressed already: stored as they are, read one at a time.
          zip.addBuffer(await buffer(opened.body), `${row.number} ${safeName(row.fullName)}.pdf`, { compress: false });
          done++;
          if (done % ZIP_PROGRESS_EVERY === 0) void context.progress(done, rows.length).catch(() => undefined);
        }
      } finally {
        zip.end();
      }
      const { name, size } = await stored;
      const fileName = `${t(`${NS}.zip_file`)}-${new Date().toISOString().slice(0, 10)}.zip`;
      await tx.insert(storedFiles).values({
        companyId: owner.companyId,
        name,
        originalName: fileName,
        size,
        mime,
        visibility: 'private',
        uploadedBy: owner.userId,
      });
      await record(tx, initiatorOf(owner), {
        action: 'certificate.zip_exported',
        entity: 'certificate',
        after: { count: done, definition_id: params.definition_id ?? null, status: params.status ?? null },
      });
      return { file: { name, file_name: fileName, size, mime } };
    });
  }

  platform.jobs.register({ name: ZIP_JOB, schema: zipPayload, handle: zipCertificates });

  return {
    /**
     * POST api/admin/certificates/issued/{id}/reissue: one certificate rendered again from its definition's current
     * template, keeping its number and dates; a revoked one is not (it no longer certifies anything).
     */
    reissue: (actor: Actor, id: number) =>
      inTenant(db, actor.companyId, async (tx) => {
        const [found] = await tx
          .select({ id: certificates.id, status: certificates.status, number: certificates.number })
          .from(certificates)
          .where(and(eq(certificates.companyId, actor.companyId), eq(certificates.id, id)));
        if (!found) throw notFound();
        if (found.status === 'revoked') throw new HttpError(409, `${NS}.errors.reissue_revoked`);
        await issuing.rerender(tx, actor.companyId, id);
        await record(tx, actor, {
          action: 'certificate.reissued',
          entity: 'certificate',
          id,
          after: { number: found.number },
        });
        return { queued: 1 as const };
      }),

    /** POST api/admin/certificates/issued/zip: queues the zip of the filtered certificates' PDFs; answers the job. */
    startZip: (actor: Actor, params: IssuedCertificateZipQuery) =>
      platform.jobs.enqueue(
        db,
        ZIP_JOB,
        { owner: exportOwnerOf(actor), params },
        { owner: { companyId: actor.companyId, userId: actor.userId }, maxAttempts: 2 },
      ),

    /** The plan of `export.certificates.issued`: the filtered certificates, a row each, newest first. */
    async exportPlan(
      tx: Db,
      owner: ExportOwner,
      query: IssuedCertificateExportQuery,
      t: Translate,
    ): Promise<ExportPlan> {
      const { format, sort: _sort, ...filters } = query;
      const where = issuedWhere(owner.companyId, filters);
      const ids = (
        await tx
          .select({ id: certificates.id })
          .from(certificates)
          .innerJoin(users, eq(users.id, certificates.userId))
          .where(where)
          .orderBy(desc(certificates.issuedAt), desc(certificates.id))
          .limit(EXPORT_MAX_ROWS)
      ).map((row) => row.id);
      const now = new Date();
      async function* rows(): AsyncIterable<Cell[][]> {
        for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
          const batch = ids.slice(start, start + EXPORT_BATCH);
          const found = await tx
            .select({
              id: certificates.id,
              number: certificates.number,
              fullName,
              email: users.email,
              definition: certificateDefinitions.name,
              issuedAt: certificates.issuedAt,
              expiresAt: certificates.expiresAt,
              status: certificates.status,
              reason: certificates.revokedReason,
              revokedAt: certificates.revokedAt,
            })
            .from(certificates)
            .innerJoin(users, eq(users.id, certificates.userId))
            .innerJoin(certificateDefinitions, eq(certificateDefinitions.id, certificates.definitionId))
            .where(and(eq(certificates.companyId, owner.companyId), inArray(certificates.id, batch)));
          const byId = new Map(found.map((row) => [row.id, row]));
          yield batch.flatMap((id) => {
            const row = byId.get(id);
            if (!row) return [];
            const state = row.status === 'revoked' ? 'revoked' : stateOf(row.status, row.expiresAt, now);
            return [
              [
                row.number,
                row.fullName,
                row.email,
                row.definition,
                day(row.issuedAt),
                day(row.expiresAt),
                t(`${NS}.states.${state}`),
                row.reason,
                day(row.revokedAt),
              ],
            ];
          });
        }
      }
      const name = t(`${NS}.export_file`);
      const columns = [
        'number',
        'full_name',
        'email',
        'definition',
        'issued_at',
        'expires_at',
        'state',
        'reason',
        'revoked_at',
      ];
      return {
        fileName: name,
        format,
        sheets: [{ name, headers: columns.map((c) => t(`${NS}.columns.${c}`)), rows: rows(), total: ids.length }],
        written: async () => {
          await record(tx, initiatorOf(owner), {
            action: 'certificate.exported',
            entity: 'certificate',
            after: { count: ids.length, definition_id: filters.definition_id ?? null },
          });
        },
      };
    },
  };
}

export type IssuedCertificatesAdmin = ReturnType<typeof createIssuedCertificatesAdmin>;

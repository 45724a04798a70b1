import {
  type AdminUser,
  type ExportFormat,
  LOCALES,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  type UserImportQuery,
  type UserImportResult,
} from '@kampus/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { companies, USER_STATUS, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { loadExcel } from '../../../platform/excel.js';
import { languageOf, type Translate, translator } from '../../../platform/i18n.js';
import { readImportFile } from '../../../platform/imports/import-file.js';
import { EXPORT_CONTENT_TYPES, type ExportFile, toCsv } from '../../../platform/resource/export.js';
import type { AuthService } from '../../identity/auth/service.js';
import { findLabelledFields } from './custom-fields.js';
import { applyImport, planImport, summaryOf } from './import.js';

const INVITATION_JOB = 'users.import-invitations';
const invitationJobSchema = z.object({ companyId: z.number(), userIds: z.array(z.number()) });

/** The built-in roles' names as people read them, in every language: "Kullanıcı" names the role user too. */
function builtInRoleLabels(name: string): string[] {
  return LOCALES.map((locale) => translator(locale)(`profile.role_names.${name}`)).filter(
    (label) => label !== `profile.role_names.${name}`,
  );
}

async function buildXlsx(sheetName: string, headers: string[], example: string[]): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  // Text cells, so Excel keeps leading zeros of numbers and phones and does not turn dates into serials.
  sheet.columns = headers.map((header) => ({ width: Math.max(14, header.length + 4), style: { numFmt: '@' } }));
  sheet.addRow(headers).font = { bold: true };
  sheet.addRow(example);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function createUserImport(
  platform: Platform,
  deps: { auth: Pick<AuthService, 'sendPasswordCreateLink'> },
  present: (tx: Db, companyId: number, ids: number[]) => Promise<AdminUser[]>,
) {
  const db = platform.database.db;

  /** The first-password mails of a whole import leave one by one off the request, as a job. */
  platform.jobs.register({
    name: INVITATION_JOB,
    schema: invitationJobSchema,
    async handle({ companyId, userIds }, job) {
      const [company, people] = await inTenant(db, companyId, (tx) =>
        Promise.all([
          tx
            .select()
            .from(companies)
            .where(eq(companies.id, companyId))
            .then((r) => r[0]),
          tx
            .select()
            .from(users)
            .where(and(eq(users.companyId, companyId), inArray(users.id, userIds))),
        ]),
      );
      if (!company) return { sent: 0 };
      const invitable = people.filter((person) => person.email && person.status === USER_STATUS.active);
      for (const [index, person] of invitable.entries()) {
        await deps.auth.sendPasswordCreateLink(person, company);
        await job.progress(index + 1, invitable.length);
      }
      return { sent: invitable.length };
    },
  });

  return {
    /** GET api/admin/users/import-template: the columns in the request's language and one example row. */
    template: (actor: Actor, format: ExportFormat, t: Translate) =>
      inTenant(db, actor.companyId, async (tx): Promise<ExportFile> => {
        const fields = await findLabelledFields(tx, actor.companyId, languageOf(t));
        const headers = [
          ...USER_IMPORT_COLUMNS.map((c) => t(`users_import.columns.${c}`)),
          ...fields.map((field) => field.label),
        ];
        // The example names no manager: an example address would not be found, and the row could not be imported.
        const example = [
          ...USER_IMPORT_COLUMNS.map((c) => (c === 'manager' ? '' : t(`users_import.example.${c}`))),
          ...fields.map(() => ''),
        ];
        const name = t('users_import.template_file');
        const body = format === 'csv' ? toCsv(headers, [example]) : await buildXlsx(name, headers, example);
        return { fileName: `${name}.${format}`, contentType: EXPORT_CONTENT_TYPES[format], body };
      }),

    /**
     * POST api/admin/users/import: checks every row; unless a dry run, writes the valid ones in one transaction
     * (batched) and queues the first-password mails of new active people with an email.
     */
    async run(
      actor: Actor,
      file: { name: string; mime: string; data: Buffer },
      options: UserImportQuery,
      t: Translate,
    ): Promise<UserImportResult> {
      const sheet = await readImportFile(file, USER_IMPORT_MAX_ROWS);
      const outcome = await inTenant(db, actor.companyId, async (tx) => {
        const plan = await planImport(tx, actor, sheet, t, builtInRoleLabels);
        if (options.dry_run) return { plan, createdIds: [] as number[], updated: 0, invited: [] as number[] };
        const applied = await applyImport(tx, actor, plan, present);
        const invited = options.send_invitations ? invitableOf(plan, applied.createdIds) : [];
        // With the import's own transaction: the mails go if and only if the people were written.
        if (invited.length > 0) {
          await platform.jobs.enqueue(
            tx,
            INVITATION_JOB,
            { companyId: actor.companyId, userIds: invited },
            { owner: { companyId: actor.companyId, userId: actor.userId } },
          );
        }
        return { plan, ...applied, invited };
      });
      const invited = outcome.invited;
      return {
        dry_run: options.dry_run,
        summary: summaryOf(outcome.plan),
        created: outcome.createdIds.length,
        updated: outcome.updated,
        invitations: invited.length,
        errors: outcome.plan.errors,
        ignored_columns: outcome.plan.ignored,
      };
    },
  };
}

/** New people who get the first-password mail: active, with an email (the rule of a single create). */
function invitableOf(plan: Awaited<ReturnType<typeof planImport>>, createdIds: number[]): number[] {
  const creates = plan.planned.filter((r) => r.matchId === null);
  return createdIds.filter((_, i) => {
    const row = creates[i]?.create;
    return Boolean(row?.email) && row?.status === USER_STATUS.active;
  });
}

export type UserImport = ReturnType<typeof createUserImport>;

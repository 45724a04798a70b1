import type {
  EducationEnrol,
  EducationReport,
  EducationReportOption,
  EducationReportQuery,
  EducationReportRow,
  EducationVisibility,
  EnrolmentSource,
  ExportFormat,
  ProgressStatus,
} from '@kampus/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { educationParts, educations, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { type ExportOwner, initiatorOf } from '../../../platform/exports.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import { PERSON_TEXT, personReportOrder } from '../../../platform/resource/person-report.js';
import { foldedColumn, likePattern } from '../../../platform/resource/resource.js';
import type { Enrolments } from './enrolments.js';

async function assertEducation(tx: Db, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: educations.id, title: educations.title, visibility: educations.visibility })
    .from(educations)
    .where(and(eq(educations.companyId, companyId), eq(educations.id, id)));
  if (!row) throw notFound();
  return row;
}

const reportOrder = (sort: string | undefined) =>
  personReportOrder(sort, {
    finished_rate: sql`e.finished_rate`,
    enrolled_at: sql`e.created_at`,
    last_activity_at: sql`e.last_activity_at`,
    completed_at: sql`e.completed_at`,
  });

interface ReportSqlRow extends Record<string, unknown> {
  user_id: number;
  name: string;
  surname: string;
  email: string | null;
  source: string;
  status: string;
  finished_rate: number;
  completed_parts: number;
  parts_count: number;
  created_at: Date | string;
  started_at: Date | string | null;
  last_activity_at: Date | string | null;
  completed_at: Date | string | null;
  due_at: string | null;
  total: number;
}

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

function reportRowOf(row: ReportSqlRow): EducationReportRow {
  return {
    user: { id: row.user_id, name: row.name, surname: row.surname, email: row.email },
    source: row.source as EnrolmentSource,
    status: row.status as ProgressStatus,
    finished_rate: row.finished_rate,
    completed_parts: row.completed_parts,
    parts_count: row.parts_count,
    enrolled_at: new Date(row.created_at).toISOString(),
    started_at: isoOf(row.started_at),
    last_activity_at: isoOf(row.last_activity_at),
    completed_at: isoOf(row.completed_at),
    due_at: row.due_at === null ? null : String(row.due_at).slice(0, 10),
  };
}

function reportSql(companyId: number, educationId: number, query: Omit<EducationReportQuery, 'page' | 'per_page'>) {
  const search = query.search ? likePattern(query.search) : null;
  return sql`
    select u.id as user_id, u.name, u.surname, u.email, e.source, e.status, e.finished_rate, e.completed_parts,
      (select count(*) from education_parts p where p.education_id = e.education_id)::integer as parts_count,
      e.created_at, e.started_at, e.last_activity_at, e.completed_at, e.due_at::text as due_at,
      count(*) over ()::integer as total
    from education_enrolments e join users u on u.id = e.user_id
    where e.company_id = ${companyId} and e.education_id = ${educationId}
      ${query.status ? sql`and e.status = ${query.status}` : sql``}
      ${search ? sql`and ${PERSON_TEXT} like ${search}` : sql``}
    order by ${reportOrder(query.sort)}`;
}

const reportExportParams = z.object({
  educationId: z.number().int(),
  query: z.object({ search: z.string().optional(), status: z.string().optional(), sort: z.string().optional() }),
  format: z.enum(['xlsx', 'csv']),
});

/** One education's learners for the admin (`/admin/education/detail`): the report, its export, direct enrolment. */
export function createEducationReport(platform: Platform, enrolments: Enrolments) {
  const db = platform.database.db;

  async function summaryOf(tx: Db, companyId: number, educationId: number): Promise<EducationReport['summary']> {
    const [row] = rowsOf<EducationReport['summary']>(
      await tx.execute(sql`
        select count(*)::integer as enrolled,
          (count(*) filter (where status <> 'not_started'))::integer as started,
          (count(*) filter (where status = 'completed'))::integer as completed,
          coalesce(round(avg(finished_rate)), 0)::integer as average_rate
        from education_enrolments where company_id = ${companyId} and education_id = ${educationId}`),
    );
    return row ?? { enrolled: 0, started: 0, completed: 0, average_rate: 0 };
  }

  platform.exports.define({
    name: 'education-report',
    schema: reportExportParams,
    async plan(tx, owner: ExportOwner, params, t: Translate) {
      const education = await assertEducation(tx, owner.companyId, params.educationId);
      const query = params.query as Omit<EducationReportQuery, 'page' | 'per_page'>;
      async function* rows() {
        const all = rowsOf<ReportSqlRow>(await tx.execute(reportSql(owner.companyId, params.educationId, query)));
        yield all
          .map(reportRowOf)
          .map((r) => [
            `${r.user.name} ${r.user.surname}`,
            r.user.email,
            t(`education.sources.${r.source}`),
            t(`education.progress_status.${r.status}`),
            r.finished_rate,
            `${r.completed_parts}/${r.parts_count}`,
            r.enrolled_at,
            r.started_at,
            r.last_activity_at,
            r.completed_at,
            r.due_at,
          ]);
      }
      const headers = [
        'name',
        'email',
        'source',
        'status',
        'finished_rate',
        'parts',
        'enrolled_at',
        'started_at',
        'last_activity_at',
        'completed_at',
        'due_at',
      ].map((key) => t(`education.report_columns.${key}`));
      const name = `${t('education.report_file')}-${params.educationId}`;
      return {
        fileName: name,
        format: params.format as ExportFormat,
        sheets: [{ name: education.title.slice(0, 31) || name, headers, rows: rows() }],
        written: () =>
          record(tx, initiatorOf(owner), {
            action: 'education.report_exported',
            entity: 'education',
            id: params.educationId,
          }),
      };
    },
  });

  return {
    /** GET api/admin/educations/{id}/report. */
    report: (actor: Actor, educationId: number, query: EducationReportQuery): Promise<EducationReport> =>
      inTenant(db, actor.companyId, async (tx) => {
        const education = await assertEducation(tx, actor.companyId, educationId);
        const [parts] = await tx
          .select({ count: count() })
          .from(educationParts)
          .where(eq(educationParts.educationId, educationId));
        const offset = (query.page - 1) * query.per_page;
        const rows = rowsOf<ReportSqlRow>(
          await tx.execute(
            sql`${reportSql(actor.companyId, educationId, query)} limit ${query.per_page} offset ${offset}`,
          ),
        );
        return {
          data: rows.map(reportRowOf),
          meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 },
          education: {
            id: education.id,
            title: education.title,
            visibility: education.visibility as EducationVisibility,
            parts_count: parts?.count ?? 0,
          },
          summary: await summaryOf(tx, actor.companyId, educationId),
        };
      }),

    /** GET api/admin/educations/report-options: the first twenty educations matching the search, by title. */
    options: (actor: Actor, search: string | undefined): Promise<EducationReportOption[]> =>
      inTenant(db, actor.companyId, (tx) =>
        tx
          .select({ id: educations.id, title: educations.title })
          .from(educations)
          .where(
            and(
              eq(educations.companyId, actor.companyId),
              search ? sql`${foldedColumn(educations.title)} like ${likePattern(search)}` : undefined,
            ),
          )
          .orderBy(asc(educations.title), asc(educations.id))
          .limit(20),
      ),

    /** POST api/admin/educations/{id}/report/export: a job writing the whole filtered report. */
    async exportReport(actor: Actor, educationId: number, query: EducationReportQuery, format: ExportFormat) {
      await inTenant(db, actor.companyId, (tx) => assertEducation(tx, actor.companyId, educationId));
      const { search, status, sort } = query;
      return platform.exports.start(actor, 'education-report', {
        educationId,
        query: { search, status, sort },
        format,
      });
    },

    /** POST api/admin/educations/{id}/enrolments: people of the company, each once. */
    enrol: (actor: Actor, educationId: number, body: EducationEnrol) =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertEducation(tx, actor.companyId, educationId);
        const ids = [...new Set(body.user_ids)];
        const found = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, actor.companyId), inArray(users.id, ids)));
        if (found.length !== ids.length) throw invalidFields({ user_ids: 'education.user_invalid' });
        const result = await enrolments.enrol(tx, actor, {
          companyId: actor.companyId,
          userIds: ids,
          educationIds: [educationId],
          source: 'admin',
          enrolledBy: actor.userId,
          dueAt: body.due_at,
        });
        await record(tx, actor, {
          action: 'education.enrolled',
          entity: 'education',
          id: educationId,
          after: { user_ids: ids, due_at: body.due_at },
        });
        return result;
      }),
  };
}

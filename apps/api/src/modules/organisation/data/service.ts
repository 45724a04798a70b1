import {
  adminUserListQuerySchema,
  DATA_REQUEST_DAYS,
  DATA_REQUEST_DUE_SOON_DAYS,
  type DATA_REQUEST_SORTS,
  type DataRequest,
  type DataRequestCreate,
  type DataRequestListQuery,
  type DataRequestUpdate,
  type DataSubject,
  dataRequestSchema,
  dataRequestsContract,
  ROLE,
} from '@kampus/shared';
import { and, asc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { auditLogs, dataRequests, roleUser, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { type ExportOwner, type ExportPlan, initiatorOf } from '../../../platform/exports.js';
import { invalidFields } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import { defineResource } from '../../../platform/resource/resource.js';
import type { UsersService } from '../users/service.js';
import { BUILT_IN_SHEETS, type SheetProvider, type SheetScope } from './sheets.js';

const DAY_MS = 86_400_000;
/** Request days are calendar days in UTC, so every node and the database agree on "today". */
const today = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

const subjects = alias(users, 'subject');
const handlers = alias(users, 'handler');

async function presentDataRequests(tx: Db, companyId: number, ids: number[]): Promise<DataRequest[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      request: dataRequests,
      subject: { id: subjects.id, name: subjects.name, surname: subjects.surname, email: subjects.email },
      handler: { id: handlers.id, name: handlers.name, surname: handlers.surname },
    })
    .from(dataRequests)
    .leftJoin(
      subjects,
      and(eq(subjects.id, dataRequests.subjectUserId), eq(subjects.companyId, dataRequests.companyId)),
    )
    .leftJoin(handlers, eq(handlers.id, dataRequests.handledBy))
    .where(and(eq(dataRequests.companyId, companyId), inArray(dataRequests.id, ids)));
  const now = today();
  return rows.map(({ request, subject, handler }) => {
    const open = request.status === 'open';
    const daysLeft = open ? daysBetween(now, request.dueAt) : null;
    return dataRequestSchema.parse({
      id: request.id,
      kind: request.kind,
      status: request.status,
      subject: subject?.id ? subject : null,
      subject_label: request.subjectLabel,
      received_at: request.receivedAt,
      due_at: request.dueAt,
      days_left: daysLeft,
      overdue: daysLeft !== null && daysLeft < 0,
      due_soon: daysLeft !== null && daysLeft >= 0 && daysLeft <= DATA_REQUEST_DUE_SOON_DAYS,
      handled_by: handler?.id ? handler : null,
      handled_at: request.handledAt?.toISOString() ?? null,
      note: request.note,
      created_at: request.createdAt.toISOString(),
    });
  });
}

/** A request is received today or earlier; it is due 30 days after (spec §1). */
function receivedDays(received: string | undefined) {
  const day = received ?? today();
  if (day > today()) throw invalidFields({ received_at: 'data.received_future' });
  return { receivedAt: day, dueAt: addDays(day, DATA_REQUEST_DAYS) };
}

const dueFilter = (due: 'overdue' | 'due_soon'): SQL => {
  const now = sql`${today()}::date`;
  const open = eq(dataRequests.status, 'open');
  if (due === 'overdue') return and(open, lt(dataRequests.dueAt, now)) as SQL;
  return and(
    open,
    gte(dataRequests.dueAt, now),
    lte(dataRequests.dueAt, sql`${addDays(today(), DATA_REQUEST_DUE_SOON_DAYS)}::date`),
  ) as SQL;
};

/**
 * Erasure reaches the audit trail too: it keeps who did what about the erased person and when, but no longer what
 * their data was (the before/after of their `user.*` rows, the person inside the requests about them, and the IP
 * addresses of what they did themselves).
 */
async function scrubAuditTrail(tx: Db, companyId: number, subjectId: number, subjectLabel: string) {
  await tx
    .update(auditLogs)
    .set({ before: null, after: null })
    .where(
      and(eq(auditLogs.companyId, companyId), eq(auditLogs.entityType, 'user'), eq(auditLogs.entityId, subjectId)),
    );
  await tx
    .update(auditLogs)
    .set({ ip: null })
    .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.actorUserId, subjectId)));
  const withoutSubject = (column: typeof auditLogs.before | typeof auditLogs.after) =>
    sql`case when jsonb_typeof(${column} -> 'subject') = 'object' then jsonb_set(${column}, '{subject}', 'null'::jsonb) else ${column} end`;
  await tx
    .update(auditLogs)
    .set({ before: withoutSubject(auditLogs.before), after: withoutSubject(auditLogs.after) })
    .where(
      and(
        eq(auditLogs.companyId, companyId),
        eq(auditLogs.entityType, 'data_request'),
        inArray(
          auditLogs.entityId,
          tx
            .select({ id: dataRequests.id })
            .from(dataRequests)
            .where(and(eq(dataRequests.companyId, companyId), eq(dataRequests.subjectLabel, subjectLabel))),
        ),
      ),
    );
}

const audit = (
  tx: Db,
  who: Parameters<typeof record>[1],
  action: string,
  entityId: number | null,
  before: unknown,
  after: unknown,
) => record(tx, who, { action, entity: action.split('.')[0]!, id: entityId, before, after });

/** The data workbook's export job: the whole company, or one person's rows for an access request. */
const workbookParamsSchema = z.object({
  request: z.object({ id: z.number().int(), subjectId: z.number().int() }).nullable(),
});

export function createDataService(platform: Platform, deps: { users: Pick<UsersService, 'resource'> }) {
  const db = platform.database.db;
  const sheets: SheetProvider[] = [...BUILT_IN_SHEETS];

  /** Every sheet provider's sheet for a scope, in registration order. */
  /** Every sheet provider's sheet for a scope, streamed into the export as it is written. */
  async function workbookPlan(
    tx: Db,
    owner: ExportOwner,
    params: z.infer<typeof workbookParamsSchema>,
    t: Translate,
  ): Promise<ExportPlan> {
    const scope: SheetScope = { companyId: owner.companyId, userId: params.request?.subjectId ?? null };
    const parts = [];
    for (const provider of sheets) {
      parts.push({
        name: t(`data.sheets.${provider.key}`),
        headers: await provider.headers(tx, scope, t),
        rows: provider.rows(tx, scope, t),
      });
    }
    const rowsOf = (counts: number[]) =>
      Object.fromEntries(sheets.map((provider, i) => [provider.key, counts[i] ?? 0]));
    const { request } = params;
    return {
      fileName: request ? `${t('data.personal_file')}-${request.id}` : t('data.export_file'),
      format: 'xlsx',
      sheets: parts,
      written: (counts) =>
        request
          ? audit(tx, initiatorOf(owner), 'data_request.exported', request.id, null, {
              subject_user_id: request.subjectId,
              rows: rowsOf(counts),
            })
          : audit(tx, initiatorOf(owner), 'company_data.exported', null, null, { rows: rowsOf(counts) }),
    };
  }
  platform.exports.define({ name: 'data-workbook', schema: workbookParamsSchema, plan: workbookPlan });

  const resource = defineResource<DataRequest, DataRequestCreate, DataRequestUpdate, DataRequestListQuery>(db, {
    contract: dataRequestsContract,
    entity: 'data_request',
    table: dataRequests,
    sortable: {
      due_at: dataRequests.dueAt,
      received_at: dataRequests.receivedAt,
      status: dataRequests.status,
      kind: dataRequests.kind,
      created_at: dataRequests.createdAt,
    } satisfies Record<(typeof DATA_REQUEST_SORTS)[number], unknown>,
    // Open requests first, the most urgent on top.
    defaultOrder: [sql`(${dataRequests.status} <> 'open')`, asc(dataRequests.dueAt)],
    search: [dataRequests.subjectLabel, dataRequests.note],
    filters: {
      status: (v: string) => eq(dataRequests.status, v),
      kind: (v: string) => eq(dataRequests.kind, v),
      due: dueFilter,
    },
    present: presentDataRequests,

    async create(tx, actor, input) {
      const [subject] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, actor.companyId), eq(users.id, input.subject_user_id)));
      if (!subject) throw invalidFields({ subject_user_id: 'data.subject_invalid' });
      const [row] = await tx
        .insert(dataRequests)
        .values({
          companyId: actor.companyId,
          subjectUserId: subject.id,
          // Kept after erasure: the former account number names nobody once the account is gone.
          subjectLabel: `#${subject.id}`,
          kind: input.kind,
          ...receivedDays(input.received_at),
          note: input.note,
        })
        .returning({ id: dataRequests.id });
      if (!row) throw new Error('data request insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      const erased = before.kind === 'erasure' && before.status === 'completed';
      if (erased && (input.status !== undefined || input.received_at !== undefined)) {
        throw invalidFields({ status: 'data.erased_read_only' });
      }
      if (input.status === 'completed' && before.kind === 'erasure' && before.status !== 'completed') {
        throw invalidFields({ status: 'data.erase_to_complete' });
      }
      const columns: Partial<typeof dataRequests.$inferInsert> = {};
      if (input.received_at !== undefined) Object.assign(columns, receivedDays(input.received_at));
      if (input.note !== undefined) columns.note = input.note;
      if (input.status !== undefined && input.status !== before.status) {
        const handled = input.status !== 'open';
        Object.assign(columns, {
          status: input.status,
          handledBy: handled ? actor.userId : null,
          handledAt: handled ? new Date() : null,
        });
      }
      if (Object.keys(columns).length === 0) return;
      await tx
        .update(dataRequests)
        .set(columns)
        .where(and(eq(dataRequests.companyId, actor.companyId), eq(dataRequests.id, before.id)));
    },

    /** An answered request is the company's proof that it answered: only an open one (recorded by mistake) goes. */
    async beforeDelete(_tx, _actor, items) {
      if (items.some((item) => item.status !== 'open')) throw invalidFields({ id: 'data.handled_kept' });
    },

    export: {
      fileName: 'data.requests_file',
      columns: [
        { header: 'data.request_columns.id', value: (r) => r.id },
        { header: 'data.request_columns.kind', value: (r, t) => t(`data.kinds.${r.kind}`) },
        {
          header: 'data.request_columns.subject',
          value: (r, t) =>
            r.subject ? `${r.subject.name} ${r.subject.surname}` : t('data.erased_subject', { label: r.subject_label }),
        },
        { header: 'data.request_columns.status', value: (r, t) => t(`data.statuses.${r.status}`) },
        { header: 'data.request_columns.received_at', value: (r) => r.received_at },
        { header: 'data.request_columns.due_at', value: (r) => r.due_at },
        { header: 'data.request_columns.days_left', value: (r) => r.days_left },
        {
          header: 'data.request_columns.handled_by',
          value: (r) => (r.handled_by ? `${r.handled_by.name} ${r.handled_by.surname}` : null),
        },
        { header: 'data.request_columns.handled_at', value: (r) => r.handled_at },
        { header: 'data.request_columns.note', value: (r) => r.note },
      ],
    },
  });

  /** The person of an open request of the given kind, or a 422 saying why not. */
  async function subjectOf(actor: Actor, id: number, kind: DataRequest['kind']) {
    const request = await resource.read(actor, id);
    if (request.kind !== kind) throw invalidFields({ kind: `data.not_${kind}` });
    if (!request.subject) throw invalidFields({ subject: 'data.subject_erased' });
    return { request, subject: request.subject };
  }

  return {
    resource,

    /** Later modules (trainings, exams, certificates, points…) add the sheet of the personal data they hold. */
    registerSheet(provider: SheetProvider): void {
      if (sheets.some((sheet) => sheet.key === provider.key)) throw new Error(`Sheet ${provider.key} is taken`);
      sheets.push(provider);
    },

    /** POST api/admin/data/export: the company's whole workbook as an export job (audited when written). */
    exportCompany: (actor: Actor): Promise<number> => platform.exports.start(actor, 'data-workbook', { request: null }),

    /** An access request's answer: the same sheets, holding only that person's rows. */
    exportSubject: async (actor: Actor, id: number): Promise<number> => {
      const { subject } = await subjectOf(actor, id, 'access');
      return platform.exports.start(actor, 'data-workbook', { request: { id, subjectId: subject.id } });
    },

    /**
     * An erasure request carried out: the person is deleted through the users service (its rules and audit apply),
     * then the request is completed with who and when. The request's subject becomes null by its foreign key, so
     * even a failure between the two steps leaves no link to the erased person.
     */
    erase: async (actor: Actor, id: number): Promise<DataRequest> => {
      const { request, subject } = await subjectOf(actor, id, 'erasure');
      if (request.status !== 'open') throw invalidFields({ status: 'data.not_open' });
      if (subject.id === actor.userId) throw invalidFields({ subject: 'data.cannot_erase_self' });
      const superAdmin = await inTenant(db, actor.companyId, (tx) =>
        tx
          .select({ id: roleUser.id })
          .from(roleUser)
          .where(and(eq(roleUser.userId, subject.id), eq(roleUser.roleId, ROLE.superAdmin)))
          .limit(1),
      );
      if (superAdmin.length > 0) throw invalidFields({ subject: 'data.cannot_erase_super_admin' });
      await deps.users.resource.remove(actor, subject.id);
      return inTenant(db, actor.companyId, async (tx) => {
        await tx
          .update(dataRequests)
          .set({ status: 'completed', handledBy: actor.userId, handledAt: new Date(), subjectUserId: null })
          .where(and(eq(dataRequests.companyId, actor.companyId), eq(dataRequests.id, id)));
        await scrubAuditTrail(tx, actor.companyId, subject.id, request.subject_label);
        const [after] = await presentDataRequests(tx, actor.companyId, [id]);
        await audit(tx, actor, 'data_request.erased', id, { ...request, subject: null }, after);
        return after!;
      });
    },

    /** People a request can be recorded for, found by name, email or username (the users service's search). */
    findSubjects: async (actor: Actor, search: string | undefined): Promise<DataSubject[]> => {
      const query = adminUserListQuerySchema.parse({ page: 1, per_page: 20, sort: 'name', search });
      const { data } = await deps.users.resource.list(actor, query);
      return data.map((user) => ({ id: user.id, name: user.name, surname: user.surname, email: user.email }));
    },
  };
}

export type DataService = ReturnType<typeof createDataService>;

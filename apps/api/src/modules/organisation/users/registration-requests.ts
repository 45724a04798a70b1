import {
  type AdminUser,
  type AdminUserCreate,
  type AdminUserListQuery,
  type AdminUserUpdate,
  isLocale,
  type RegistrationRequest,
  type RegistrationRequestListQuery,
} from '@kampus/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { publicOrigin } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { companies, USER_STATUS, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { notFound } from '../../../platform/http/errors.js';
import { EVENT_MAIL_JOB, type EventMail, eventMail } from '../../../platform/mail-templates.js';
import type { Resource } from '../../../platform/resource/resource.js';

type UserRow = typeof users.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

/**
 * The mail telling a person the decision on their registration, in their language: approved (with the sign-in link)
 * or rejected (with the administrator's reason). The company's own template of the event is used when it has one.
 */
export function registrationDecisionMail(
  decision: 'approved' | 'rejected',
  person: Pick<UserRow, 'email' | 'name' | 'language'>,
  company: Pick<CompanyRow, 'id' | 'name'>,
  origin: string,
  reason = '',
): EventMail | null {
  if (!person.email) return null;
  const common = {
    to: person.email,
    companyId: company.id,
    language: isLocale(person.language) ? person.language : ('tr' as const),
  };
  return decision === 'approved'
    ? eventMail({
        ...common,
        event: 'registration_approved',
        variables: { name: person.name, company: company.name, action_url: `${origin}/login` },
      })
    : eventMail({
        ...common,
        event: 'registration_rejected',
        variables: { name: person.name, company: company.name, reason },
      });
}

const NOT_PENDING = 'registration_requests.not_found';

/** `/api/admin/registration-requests`: people waiting for approval (status 2), approved or rejected here. */
export function createRegistrationRequests(
  platform: Platform,
  usersService: {
    resource: Pick<Resource<AdminUser, AdminUserCreate, AdminUserUpdate, AdminUserListQuery>, 'list'>;
  },
) {
  const db = platform.database.db;
  const { config } = platform;
  const originOf = (company: CompanyRow) =>
    publicOrigin(config, company.customDomain ?? `${company.slug}.${config.BASE_DOMAIN}`);

  async function findPending(tx: Db, companyId: number, id: number) {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id), eq(users.status, USER_STATUS.pendingApproval)));
    // Another company's id, an unknown one and one already decided are all "no such request".
    if (!row) throw notFound(NOT_PENDING);
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
    if (!company) throw notFound();
    return { row, company };
  }

  const snapshot = (row: UserRow) => ({ id: row.id, name: row.name, surname: row.surname, email: row.email });

  /** Queued in the decision's transaction: the mail leaves only if the decision is kept. */
  async function mail(tx: Db, message: EventMail | null) {
    if (message) await platform.jobs.enqueue(tx, EVENT_MAIL_JOB, message);
  }

  return {
    /** The users list, always filtered to status 2, with whether each verified their email. */
    async list(actor: Actor, query: RegistrationRequestListQuery) {
      const page = await usersService.resource.list(actor, {
        ...query,
        status: USER_STATUS.pendingApproval,
      } as AdminUserListQuery);
      const ids = page.data.map((u) => u.id);
      const verified = ids.length
        ? await inTenant(db, actor.companyId, (tx) =>
            tx
              .select({ id: users.id })
              .from(users)
              .where(
                and(eq(users.companyId, actor.companyId), inArray(users.id, ids), isNotNull(users.emailVerifiedAt)),
              ),
          )
        : [];
      const verifiedIds = new Set(verified.map((r) => r.id));
      const data: RegistrationRequest[] = page.data.map((u) => ({
        id: u.id,
        name: u.name,
        surname: u.surname,
        email: u.email,
        phone: u.phone,
        language: u.language,
        email_verified: verifiedIds.has(u.id),
        created_at: u.created_at,
      }));
      return { data, meta: page.meta };
    },

    /** Status 2 → 1, audited; the person is mailed the sign-in link once it has committed. */
    async approve(actor: Actor, id: number): Promise<void> {
      await inTenant(db, actor.companyId, async (tx) => {
        const found = await findPending(tx, actor.companyId, id);
        await tx
          .update(users)
          .set({ status: USER_STATUS.active })
          .where(and(eq(users.companyId, actor.companyId), eq(users.id, id)));
        await record(tx, actor, {
          action: 'user.registration_approved',
          entity: 'user',
          id: id,
          before: { ...snapshot(found.row), status: USER_STATUS.pendingApproval },
          after: { ...snapshot(found.row), status: USER_STATUS.active },
        });
        await mail(tx, registrationDecisionMail('approved', found.row, found.company, originOf(found.company)));
      });
    },

    /** The pending person is deleted, audited with the reason; the reason is mailed to them after the commit. */
    async reject(actor: Actor, id: number, reason: string): Promise<void> {
      await inTenant(db, actor.companyId, async (tx) => {
        const found = await findPending(tx, actor.companyId, id);
        await tx.delete(users).where(and(eq(users.companyId, actor.companyId), eq(users.id, id)));
        await record(tx, actor, {
          action: 'user.registration_rejected',
          entity: 'user',
          id: id,
          before: { ...snapshot(found.row), status: USER_STATUS.pendingApproval },
          after: { reason },
        });
        await mail(tx, registrationDecisionMail('rejected', found.row, found.company, originOf(found.company), reason));
      });
    },
  };
}

export type RegistrationRequests = ReturnType<typeof createRegistrationRequests>;

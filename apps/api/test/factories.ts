import { EMPTY_USER_GROUP_RULES, type Permission, ROLE, type Session, type UserGroupRules } from '@kampus/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client.js';
import {
  auditLogs,
  companies,
  companySettings,
  conversationParticipants,
  conversations,
  dataRequests,
  faqCategories,
  faqs,
  hashtags,
  institutions,
  mailTemplates,
  menuItems,
  messages,
  notificationRecipients,
  notifications,
  pageViews,
  permissions,
  rolePermissions,
  roles,
  roleUser,
  shortLinks,
  solutionPartners,
  storedFiles,
  userGroupMembers,
  userGroups,
  users,
} from '../src/db/schema/index.js';
import { asSystem } from '../src/db/scope.js';
import { hashPassword } from '../src/platform/auth/passwords.js';

export const TEST_PASSWORD = 'Correct-Horse-42';
let passwordHash: Promise<string> | undefined;
let sequence = 0;
const next = () => ++sequence;

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

type Row<T extends PgTable> = T['$inferSelect'];
/** A row's values without its company: the builder puts it in the company it is given. */
type Values<T extends PgTable> = Omit<T['$inferInsert'], 'companyId'>;

/**
 * Test data builders: each test builds the tenants and people it needs, never relying on the demo seed. Every table a
 * test fills has one; `rows(table, company, values)` is the generic one the named builders share.
 */
export function factories(db: Db) {
  /** Inserts rows of a tenant table into the company, as the system (tests arrange data past the permission checks). */
  async function rows<T extends PgTable>(table: T, company: CompanyRow, values: Values<T>[]): Promise<Row<T>[]> {
    if (values.length === 0) return [];
    const withCompany = values.map((value) => ({ ...value, companyId: company.id }));
    return asSystem(
      db,
      (tx) =>
        tx
          .insert(table)
          .values(withCompany as T['$inferInsert'][])
          .returning() as never,
    );
  }

  async function row<T extends PgTable>(table: T, company: CompanyRow, values: Values<T>): Promise<Row<T>> {
    const [inserted] = await rows(table, company, [values]);
    if (!inserted) throw new Error('row not created');
    return inserted;
  }

  /** A company role holding exactly the permissions named, given to the people listed. */
  async function createRole(
    company: CompanyRow,
    values: { name?: string; permissions?: Permission[]; members?: number[] } = {},
  ): Promise<Row<typeof roles>> {
    const { name = `Role ${next()}`, permissions: names = [], members = [] } = values;
    const role = await row(roles, company, { name });
    const granted =
      names.length === 0
        ? []
        : await asSystem(db, (tx) => tx.select().from(permissions).where(inArray(permissions.name, names)));
    if (granted.length !== names.length) throw new Error(`unknown permission among ${names.join(', ')}`);
    await rows(
      rolePermissions,
      company,
      granted.map((permission) => ({ roleId: role.id, permissionId: permission.id })),
    );
    await rows(
      roleUser,
      company,
      members.map((userId) => ({ userId, roleId: role.id })),
    );
    return role;
  }

  /** A conversation with its people (and when each last read it) and its messages. */
  async function createConversation(
    company: CompanyRow,
    input: { people: [UserRow, Date | null][]; lines: [UserRow, string, Date][]; group?: string },
  ): Promise<Row<typeof conversations>> {
    const conversation = await row(conversations, company, {
      isGroup: input.group !== undefined,
      name: input.group ?? null,
    });
    const conversationId = conversation.id;
    await rows(
      conversationParticipants,
      company,
      input.people.map(([user, lastReadAt]) => ({ conversationId, userId: user.id, lastReadAt })),
    );
    await rows(
      messages,
      company,
      input.lines.map(([from, body, createdAt]) => ({ conversationId, senderUserId: from.id, body, createdAt })),
    );
    return conversation;
  }

  /** A notification sent to the people listed. */
  async function createNotification(
    company: CompanyRow,
    values: Partial<Values<typeof notifications>> & { recipients: number[] },
  ): Promise<Row<typeof notifications>> {
    const { recipients, ...rest } = values;
    const notification = await row(notifications, company, { name: `Notification ${next()}`, ...rest });
    await rows(
      notificationRecipients,
      company,
      recipients.map((userId) => ({ notificationId: notification.id, userId })),
    );
    return notification;
  }

  async function createCompany(
    overrides: Partial<typeof companies.$inferInsert> & { settings?: Record<string, unknown> } = {},
  ): Promise<CompanyRow> {
    const n = next();
    const { settings, ...values } = overrides;
    return asSystem(db, async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: `Company ${n}`, slug: `company-${n}`, ...values })
        .returning();
      if (!company) throw new Error('company not created');
      const entries = Object.entries(settings ?? {});
      if (entries.length > 0) {
        await tx.insert(companySettings).values(entries.map(([key, value]) => ({ companyId: company.id, key, value })));
      }
      return company;
    });
  }

  async function createUser(
    company: CompanyRow,
    overrides: Partial<typeof users.$inferInsert> & { roles?: number[]; password?: string | null } = {},
  ): Promise<UserRow> {
    const n = next();
    const { roles = [ROLE.user], password = TEST_PASSWORD, ...values } = overrides;
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const hash =
      password === null ? null : password === TEST_PASSWORD ? await passwordHash : await hashPassword(password);
    return asSystem(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          name: `Name${n}`,
          surname: `Surname${n}`,
          email: `user${n}@example.test`,
          username: `user${n}`,
          passwordHash: hash,
          ...values,
        })
        .returning();
      if (!user) throw new Error('user not created');
      if (roles.length > 0) {
        await tx.insert(roleUser).values(roles.map((roleId) => ({ companyId: company.id, userId: user.id, roleId })));
      }
      return user;
    });
  }

  /** The audit rows written about one record, newest first. */
  const auditOf = (entityType: string, entityId: number) =>
    asSystem(db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, entityId)))
        .orderBy(desc(auditLogs.id)),
    );

  /** A user group of the company: static with the given members, or rule-based with the given rules. */
  async function createUserGroup(
    company: CompanyRow,
    values: {
      name?: string;
      kind?: 'static' | 'rule';
      rules?: Partial<UserGroupRules>;
      members?: number[];
      status?: number;
    } = {},
  ): Promise<typeof userGroups.$inferSelect> {
    const { members = [], kind = 'static', rules, ...rest } = values;
    return asSystem(db, async (tx) => {
      const [group] = await tx
        .insert(userGroups)
        .values({
          companyId: company.id,
          name: `Group ${next()}`,
          kind,
          rules: kind === 'rule' ? { ...EMPTY_USER_GROUP_RULES, ...rules } : null,
          ...rest,
        })
        .returning();
      if (!group) throw new Error('user group not created');
      if (members.length > 0) {
        await tx
          .insert(userGroupMembers)
          .values(members.map((userId) => ({ companyId: company.id, groupId: group.id, userId })));
      }
      return group;
    });
  }

  return {
    rows,
    row,
    auditOf,
    createRole,
    createConversation,
    createNotification,
    createHashtag: (company: CompanyRow, values: Partial<Values<typeof hashtags>> = {}) =>
      row(hashtags, company, { name: `etiket${next()}`, ...values }),
    createInstitution: (company: CompanyRow, values: Partial<Values<typeof institutions>> = {}) =>
      row(institutions, company, { name: `Kurum ${next()}`, ...values }),
    createSolutionPartner: (company: CompanyRow, values: Partial<Values<typeof solutionPartners>> = {}) =>
      row(solutionPartners, company, { name: `Partner ${next()}`, ...values }),
    createFaqCategory: (company: CompanyRow, values: Partial<Values<typeof faqCategories>> = {}) =>
      row(faqCategories, company, { name: { tr: `Kategori ${next()}` }, ...values }),
    createFaq: (company: CompanyRow, values: Partial<Values<typeof faqs>> = {}) =>
      row(faqs, company, { question: { tr: `Soru ${next()}?` }, answer: { tr: '<p>Yanıt</p>' }, ...values }),
    /** Side-menu entries: `[type, order, status, titles]`. */
    createMenuItems: (company: CompanyRow, items: [string, number, number?, Record<string, string>?][]) =>
      rows(
        menuItems,
        company,
        items.map(([type, order, status = 1, title = {}]) => ({ type, order, status, title })),
      ),
    createShortLinks: (company: CompanyRow, values: Values<typeof shortLinks>[]) => rows(shortLinks, company, values),
    createPageViews: (company: CompanyRow, values: Values<typeof pageViews>[]) => rows(pageViews, company, values),
    createDataRequest: (company: CompanyRow, values: Values<typeof dataRequests>) => row(dataRequests, company, values),
    createAuditEntry: (company: CompanyRow, values: Values<typeof auditLogs>) => row(auditLogs, company, values),
    createMailTemplate: (company: CompanyRow, values: Values<typeof mailTemplates>) =>
      row(mailTemplates, company, values),
    createStoredFile: (company: CompanyRow, values: Partial<Values<typeof storedFiles>> = {}) =>
      row(storedFiles, company, {
        name: `${next().toString(16).padStart(32, '0')}.png`,
        originalName: 'photo.png',
        size: 1024,
        mime: 'image/png',
        ...values,
      }),
    createUserGroup,
    createCompany,
    createUser,
    createAdmin: (company: CompanyRow, overrides: Parameters<typeof createUser>[1] = {}) =>
      createUser(company, { roles: [ROLE.admin, ROLE.user], ...overrides }),
    createSuperAdmin: (company: CompanyRow, overrides: Parameters<typeof createUser>[1] = {}) =>
      createUser(company, { roles: [ROLE.superAdmin, ROLE.admin, ROLE.user], ...overrides }),
  };
}

export type Factories = ReturnType<typeof factories>;
export type { Session };

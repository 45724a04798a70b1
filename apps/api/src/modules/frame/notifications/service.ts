import {
  type MandatoryCompletions,
  type Notification,
  type NotificationCreate,
  parseNotification,
} from '@kampus/shared';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { jsonbRaw } from '../../../db/schema/columns.js';
import { notificationRecipients, notifications, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor, Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';

/** Who is asking, in which company. */
/** Who reads their own notifications: any actor will do. */
type Reader = Pick<Actor, 'companyId' | 'userId'>;

type Row = {
  id: number;
  type: number;
  name: string;
  text: string | null;
  data: unknown;
  readAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function presentNotification(row: Row): Notification {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    text: row.text,
    data: row.data == null ? null : JSON.stringify(row.data),
    parsed_data: parseNotification(row),
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    pivot: { is_read: row.readAt ? 1 : 0 },
  };
}

const columns = {
  id: notifications.id,
  type: notifications.type,
  name: notifications.name,
  text: notifications.text,
  data: jsonbRaw(notifications.data),
  readAt: notificationRecipients.readAt,
  createdAt: notifications.createdAt,
  updatedAt: notifications.updatedAt,
};

/** The reader's mandatory assignments (spec §2.8), given by the assignments module once it exists. */
type MandatoryAssignments = (tx: Db, reader: Reader) => Promise<MandatoryCompletions['assignments']>;
/** Notices other modules keep themselves (must-read announcements), read in the reader's transaction. */
type MandatoryNotices = (tx: Db, reader: Reader) => Promise<MandatoryCompletions['notices']>;

/** A structured (type 1) notification another module sends to many people at once. */
export interface SystemNotification {
  companyId: number;
  name: string;
  text: string | null;
  data: {
    apiUrl?: string;
    message?: string;
    text?: string;
    webUrl?: { name: string; params?: Record<string, string | number> };
  };
  createdBy: number | null;
}

export function createNotificationsService(platform: Platform) {
  const db = platform.database.db;
  let mandatoryAssignments: MandatoryAssignments = async () => [];
  const noticeProviders: MandatoryNotices[] = [];

  const mine = (reader: Reader, unreadOnly = false) =>
    and(
      eq(notificationRecipients.companyId, reader.companyId),
      eq(notificationRecipients.userId, reader.userId),
      unreadOnly ? isNull(notificationRecipients.readAt) : undefined,
    );

  async function findOwned(tx: Db, companyId: number, id: number) {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, companyId), eq(notifications.id, id)));
    if (!row) throw notFound();
    return row;
  }

  /** Writes one notification and its recipients in `tx`, audited. */
  async function sendIn(tx: Db, who: Initiator, input: NotificationCreate) {
    const ids = [...new Set(input.user_ids)];
    const [row] = await tx
      .insert(notifications)
      .values({
        companyId: who.companyId,
        type: input.type,
        name: input.name,
        text: input.text ?? null,
        data: input.data ?? null,
        isNotice: input.is_notice,
        createdBy: who.userId ?? null,
      })
      .returning();
    if (!row) throw new Error('notification insert returned nothing');
    await tx
      .insert(notificationRecipients)
      .values(ids.map((userId) => ({ companyId: who.companyId, notificationId: row.id, userId })));
    await record(tx, who, {
      action: 'notification.created',
      entity: 'notification',
      id: row.id,
      after: { name: row.name, type: row.type, recipients: ids.length },
    });
    return { id: row.id, recipients: ids.length };
  }

  return {
    /** The number of unread notifications (the header badge). */
    unreadCount: (reader: Reader) =>
      inTenant(db, reader.companyId, async (tx) => {
        const [row] = await tx.select({ value: count() }).from(notificationRecipients).where(mine(reader, true));
        return row?.value ?? 0;
      }),

    /** The reader's notifications, newest first, paged. */
    list: (reader: Reader, query: { page: number; per_page: number; unread?: boolean }) =>
      inTenant(db, reader.companyId, async (tx) => {
        const where = mine(reader, query.unread === true);
        const [rows, [total]] = await Promise.all([
          tx
            .select(columns)
            .from(notificationRecipients)
            .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
            .where(where)
            .orderBy(desc(notifications.createdAt), desc(notifications.id))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
          tx.select({ value: count() }).from(notificationRecipients).where(where),
        ]);
        return {
          data: rows.map(presentNotification),
          meta: { page: query.page, per_page: query.per_page, total: total?.value ?? 0 },
        };
      }),

    /** Sends one notification to people of the company; every recipient must belong to it. */
    create: (actor: Actor, input: NotificationCreate) =>
      inTenant(db, actor.companyId, async (tx) => {
        const ids = [...new Set(input.user_ids)];
        const found = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, actor.companyId), inArray(users.id, ids)));
        if (found.length !== ids.length) throw invalidFields({ user_ids: 'validation.invalid_value' });
        return sendIn(tx, actor, input);
      }),

    /**
     * Sends a notification inside the caller's transaction (a module telling people about its own change, such as a
     * freed seat), so the message and the change commit together. The caller names recipients of its company.
     */
    sendIn,

    update: (actor: Actor, id: number, input: Omit<NotificationCreate, 'user_ids'>) =>
      inTenant(db, actor.companyId, async (tx) => {
        const before = await findOwned(tx, actor.companyId, id);
        await tx
          .update(notifications)
          .set({
            name: input.name,
            text: input.text ?? null,
            type: input.type,
            data: input.data ?? null,
            isNotice: input.is_notice,
          })
          .where(eq(notifications.id, before.id));
        await record(tx, actor, {
          action: 'notification.updated',
          entity: 'notification',
          id: id,
          before: { name: before.name, text: before.text, type: before.type },
          after: { name: input.name, text: input.text ?? null, type: input.type },
        });
      }),

    remove: (actor: Actor, id: number) =>
      inTenant(db, actor.companyId, async (tx) => {
        const before = await findOwned(tx, actor.companyId, id);
        await tx.delete(notifications).where(eq(notifications.id, before.id));
        await record(tx, actor, {
          action: 'notification.deleted',
          entity: 'notification',
          id: id,
          before: { name: before.name, text: before.text, type: before.type },
        });
      }),

    /** Marks one of the reader's notifications read; someone else's is not found. */
    markRead: (reader: Reader, id: number) =>
      inTenant(db, reader.companyId, async (tx) => {
        const rows = await tx
          .update(notificationRecipients)
          .set({ readAt: sql`coalesce(${notificationRecipients.readAt}, now())` })
          .where(and(mine(reader), eq(notificationRecipients.notificationId, id)))
          .returning({ id: notificationRecipients.id });
        if (rows.length === 0) throw notFound();
      }),

    /**
     * What the user must do before anything else (spec §2.8): unread notices first, then the mandatory assignments
     * the assignments module names (active, not completed).
     */
    mandatory: (reader: Reader): Promise<MandatoryCompletions> =>
      inTenant(db, reader.companyId, async (tx) => {
        const notices = await tx
          .select({ id: notifications.id, name: notifications.name, text: notifications.text })
          .from(notificationRecipients)
          .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
          .where(and(mine(reader, true), eq(notifications.isNotice, true)))
          .orderBy(asc(notifications.createdAt), asc(notifications.id));
        const assignments = await mandatoryAssignments(tx, reader);
        const kept: MandatoryCompletions['notices'] = [];
        for (const provider of noticeProviders) kept.push(...(await provider(tx, reader)));
        return {
          notices: [...notices.map((n) => ({ ...n, pivot: { is_read: 0 as const } })), ...kept],
          assignments,
          is_mandatory_exists: notices.length + kept.length > 0 || assignments.length > 0,
        };
      }),

    /** POST api/notice-update: marks the reader's notices read; an id that is not one of them is not found. */
    markNoticesRead: (reader: Reader, ids: number[]) =>
      inTenant(db, reader.companyId, async (tx) => {
        const owned = await tx
          .select({ id: notificationRecipients.id })
          .from(notificationRecipients)
          .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
          .where(
            and(mine(reader), eq(notifications.isNotice, true), inArray(notificationRecipients.notificationId, ids)),
          );
        if (owned.length !== new Set(ids).size) throw notFound();
        await tx
          .update(notificationRecipients)
          .set({ readAt: sql`coalesce(${notificationRecipients.readAt}, now())` })
          .where(
            inArray(
              notificationRecipients.id,
              owned.map((o) => o.id),
            ),
          );
      }),

    /** The assignments module answers the mandatory assignments of a reader (called once, at start). */
    provideMandatoryAssignments(provider: MandatoryAssignments) {
      mandatoryAssignments = provider;
    },

    /** Another module adds notices it keeps itself (announcements: must-read ones not yet read), after these. */
    provideMandatoryNotices(provider: MandatoryNotices) {
      noticeProviders.push(provider);
    },

    /**
     * Sends one structured notification to the people a query selects (`select user_id …`), in the caller's
     * transaction: one notification row and one insert of its recipients, however many people. Answers its id.
     */
    async sendToMany(tx: Db, notification: SystemNotification, recipients: SQL): Promise<number> {
      const [row] = await tx
        .insert(notifications)
        .values({
          companyId: notification.companyId,
          type: 1,
          name: notification.name,
          text: notification.text,
          data: notification.data,
          isNotice: false,
          createdBy: notification.createdBy,
        })
        .returning({ id: notifications.id });
      if (!row) throw new Error('notification insert returned nothing');
      await tx.execute(sql`
        insert into notification_recipients (company_id, notification_id, user_id)
        select ${notification.companyId}, ${row.id}, r.user_id from (${recipients}) r(user_id)
        on conflict do nothing`);
      return row.id;
    },

    markAllRead: (reader: Reader) =>
      inTenant(db, reader.companyId, async (tx) => {
        await tx.update(notificationRecipients).set({ readAt: new Date() }).where(mine(reader, true));
      }),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

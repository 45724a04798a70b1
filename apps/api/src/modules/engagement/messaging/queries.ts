import { USER_MESSAGES_LIMIT } from '@kampus/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { jsonbRaw } from '../../../db/schema/columns.js';
import {
  companies,
  companySettings,
  conversations,
  messages,
  conversationParticipants as participants,
  users,
} from '../../../db/schema/index.js';

export async function findSetting(tx: Db, companyId: number, key: string): Promise<unknown> {
  const [row] = await tx
    .select({ value: jsonbRaw(companySettings.value) })
    .from(companySettings)
    .where(and(eq(companySettings.companyId, companyId), eq(companySettings.key, key)))
    .limit(1);
  return row?.value;
}

export async function findSurnameViewRestrict(tx: Db, companyId: number): Promise<number> {
  const [row] = await tx
    .select({ value: companies.surnameViewRestrict })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.value ?? 0;
}

/** Whether the participant row has a message of someone else newer than what they have read. */
const hasUnread = sql<boolean>`exists (
  select 1 from ${messages} unread
  where unread.company_id = ${participants.companyId}
    and unread.conversation_id = ${participants.conversationId}
    and unread.sender_user_id is distinct from ${participants.userId}
    and unread.created_at > coalesce(${participants.lastReadAt}, '-infinity'::timestamptz)
)`;

const mine = (companyId: number, userId: number) =>
  and(eq(participants.companyId, companyId), eq(participants.userId, userId));

/** The user's conversations with their latest message, newest activity first; empty conversations are left out. */
export async function findLatestConversations(tx: Db, companyId: number, userId: number) {
  const latest = tx
    .select({ body: messages.body, createdAt: messages.createdAt, senderUserId: messages.senderUserId })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.conversationId, participants.conversationId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as('latest');
  return tx
    .select({
      id: conversations.id,
      isGroup: conversations.isGroup,
      name: conversations.name,
      body: latest.body,
      createdAt: latest.createdAt,
      senderUserId: latest.senderUserId,
      unread: hasUnread,
    })
    .from(participants)
    .innerJoin(conversations, eq(conversations.id, participants.conversationId))
    .innerJoinLateral(latest, sql`true`)
    .where(mine(companyId, userId))
    .orderBy(desc(latest.createdAt), desc(conversations.id))
    .limit(USER_MESSAGES_LIMIT);
}

export type ConversationRow = Awaited<ReturnType<typeof findLatestConversations>>[number];

/** Everyone taking part in the given conversations, by name. */
export async function findParticipants(tx: Db, companyId: number, conversationIds: number[]) {
  if (conversationIds.length === 0) return [];
  return tx
    .select({
      conversationId: participants.conversationId,
      id: users.id,
      name: users.name,
      surname: users.surname,
      photo: users.photo,
    })
    .from(participants)
    .innerJoin(users, eq(users.id, participants.userId))
    .where(and(eq(participants.companyId, companyId), inArray(participants.conversationId, conversationIds)))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));
}

export type ParticipantRow = Awaited<ReturnType<typeof findParticipants>>[number];

export async function findSenders(tx: Db, senderIds: number[]) {
  if (senderIds.length === 0) return [];
  return tx
    .select({ id: users.id, name: users.name, surname: users.surname, photo: users.photo })
    .from(users)
    .where(inArray(users.id, senderIds));
}

export async function countUnreadConversations(tx: Db, companyId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(participants)
    .where(and(mine(companyId, userId), hasUnread));
  return row?.value ?? 0;
}

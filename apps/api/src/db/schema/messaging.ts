import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/** A conversation between two people, or a named group (spec §3 "Message (user messages)"). */
export const conversations = pgTable(
  'conversations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    isGroup: boolean().notNull().default(false),
    /** Only groups have a name; a two-person conversation is named after the other person. */
    name: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('conversations_company_updated_idx').on(t.companyId, t.updatedAt), tenantPolicy(t.companyId)],
);

/** Who takes part in a conversation, and up to when they have read it. */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Messages of others created after this are unread; null: nothing read yet. */
    lastReadAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversation_participants_key').on(t.conversationId, t.userId),
    index('conversation_participants_user_idx').on(t.companyId, t.userId, t.conversationId),
    tenantPolicy(t.companyId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null when the sender's account was deleted: the message stays in the conversation. */
    senderUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The latest message of a conversation and its unread messages are both read along this index.
    index('messages_company_conversation_created_idx').on(t.companyId, t.conversationId, t.createdAt.desc()),
    tenantPolicy(t.companyId),
  ],
);

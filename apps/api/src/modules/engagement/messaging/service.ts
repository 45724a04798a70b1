import { displayName, isTruthySetting, type UserMessage } from '@kampus/shared';
import type { Db } from '../../../db/client.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { forbidden } from '../../../platform/http/errors.js';
import * as q from './queries.js';

/** Who is asking, in which company, with the roles that decide how much of a surname they see (spec §5). */
type Reader = Pick<Actor, 'companyId' | 'userId' | 'roleIds'>;

type Person = { id: number; name: string; surname: string; photo: string | null };

/** Names are masked as the company's surname_view_restrict asks, for the person reading them. */
function presenterFor(reader: Reader, surnameViewRestrict: number) {
  const viewer = { id: reader.userId, roles: reader.roleIds.map((id) => ({ id })) };
  return (person: Person | undefined) => ({
    fullname: person ? displayName(person, viewer, surnameViewRestrict) : '',
    photo_link: person?.photo ?? null,
  });
}

function presentConversation(
  row: q.ConversationRow,
  people: Person[],
  sender: Person | undefined,
  reader: Reader,
  present: ReturnType<typeof presenterFor>,
): UserMessage {
  const others = people.filter((p) => p.id !== reader.userId);
  return {
    id: row.id,
    message: row.body,
    date: row.createdAt.toISOString(),
    sender_user_id: row.senderUserId,
    unread: row.unread,
    // A two-person conversation is shown as the other person; a group as whoever wrote last.
    user: present(row.isGroup ? sender : others[0]),
    group: row.isGroup
      ? {
          name: row.name ?? others.map((p) => p.name).join(', '),
          users: others.map((p) => ({ id: p.id, ...present(p) })),
        }
      : null,
  };
}

export function createMessagingService(platform: Platform) {
  const db = platform.database.db;

  /** Chat can be switched off per company (spec §3 chat_is_disabled, §6); then its data is not served either. */
  async function assertChatEnabled(tx: Db, companyId: number): Promise<void> {
    if (isTruthySetting(await q.findSetting(tx, companyId, 'chat_is_disabled'))) {
      throw forbidden('messaging.chat_disabled');
    }
  }

  return {
    /** GET api/user-messages: the reader's conversations, newest activity first, each as its latest message. */
    list: (reader: Reader): Promise<UserMessage[]> =>
      inTenant(db, reader.companyId, async (tx) => {
        await assertChatEnabled(tx, reader.companyId);
        const rows = await q.findLatestConversations(tx, reader.companyId, reader.userId);
        const [participants, restrict] = await Promise.all([
          q.findParticipants(
            tx,
            reader.companyId,
            rows.map((r) => r.id),
          ),
          q.findSurnameViewRestrict(tx, reader.companyId),
        ]);
        const known = new Map<number, Person>(participants.map((p) => [p.id, p]));
        // Someone who has left a group may still have written its latest message: look them up on their own.
        const missing = rows.flatMap((r) => (r.senderUserId && !known.has(r.senderUserId) ? [r.senderUserId] : []));
        for (const person of await q.findSenders(tx, [...new Set(missing)])) known.set(person.id, person);
        const present = presenterFor(reader, restrict);
        return rows.map((row) =>
          presentConversation(
            row,
            participants.filter((p) => p.conversationId === row.id),
            row.senderUserId === null ? undefined : known.get(row.senderUserId),
            reader,
            present,
          ),
        );
      }),

    /** GET api/user-messages-count: how many conversations hold a message the reader has not read. */
    unreadCount: (reader: Reader): Promise<number> =>
      inTenant(db, reader.companyId, async (tx) => {
        await assertChatEnabled(tx, reader.companyId);
        return q.countUnreadConversations(tx, reader.companyId, reader.userId);
      }),
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;

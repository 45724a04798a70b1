import { z } from 'zod';

const personSchema = z.object({ fullname: z.string(), photo_link: z.string().nullable() });

/**
 * One conversation of GET api/user-messages, shown as its latest message (spec §3 "Message (user messages)"):
 * `user` is the other person of a two-person conversation, or the latest sender of a group.
 */
export const userMessageSchema = z.object({
  id: z.number(),
  message: z.string(),
  date: z.string(),
  sender_user_id: z.number().nullable(),
  unread: z.boolean(),
  user: personSchema,
  group: z
    .object({
      name: z.string(),
      users: z.array(personSchema.extend({ id: z.number() })),
    })
    .nullable(),
});
export type UserMessage = z.infer<typeof userMessageSchema>;

export const userMessagesSchema = z.object({ data: z.array(userMessageSchema) });
export type UserMessages = z.infer<typeof userMessagesSchema>;

/** GET api/user-messages-count: conversations with at least one unread message. */
export const userMessagesCountSchema = z.object({ data: z.number() });

/** The newest conversations the header dropdown lists; the whole history belongs to the /messages page. */
export const USER_MESSAGES_LIMIT = 20;

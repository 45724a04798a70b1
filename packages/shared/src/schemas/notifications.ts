import { z } from 'zod';
import { ID_MAX } from './common.js';

const webUrlSchema = z.object({ name: z.string(), params: z.record(z.string(), z.unknown()).default({}) });

/** What a notification means to the client (spec §3): message, text, and where a click goes. */
export const parsedNotificationSchema = z.object({
  message: z.string(),
  text: z.string().nullable(),
  apiUrl: z.string().nullable(),
  webUrl: webUrlSchema.nullable(),
});
export type ParsedNotification = z.infer<typeof parsedNotificationSchema>;

export const notificationSchema = z.object({
  id: z.number(),
  type: z.number(),
  name: z.string(),
  text: z.string().nullable(),
  /** type 1: the structured payload as a JSON string, as the client parses it. */
  data: z.string().nullable(),
  parsed_data: parsedNotificationSchema,
  read_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  pivot: z.object({ is_read: z.union([z.literal(0), z.literal(1)]) }),
});
export type Notification = z.infer<typeof notificationSchema>;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional()
  .catch(undefined);

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(50).catch(10).default(10),
  /** The header asks for the 10 latest (spec §2.6). */
  limit: z.coerce.number().int().min(1).max(50).optional().catch(undefined),
  onlyCount: flag,
  unread: flag,
});

const structuredData = z.object({
  apiUrl: z.string().max(500).optional(),
  message: z.string().max(500).optional(),
  text: z.string().max(2000).optional(),
  webUrl: webUrlSchema.optional(),
});

export const notificationWriteSchema = z.object({
  name: z.string().trim().min(1).max(200),
  text: z.string().trim().max(2000).nullish(),
  type: z.union([z.literal(0), z.literal(1)]).default(0),
  data: structuredData.nullish(),
  /** A notice (text as HTML) waits in the mandatory-missions modal until read. */
  is_notice: z.boolean().default(false),
});
export const notificationCreateSchema = notificationWriteSchema.extend({
  user_ids: z.array(z.number().int().positive().max(ID_MAX)).min(1).max(10_000),
});
export type NotificationCreate = z.infer<typeof notificationCreateSchema>;

/**
 * Type 1 notifications carry JSON data (apiUrl, message, text, webUrl); other types use their name as the message
 * and their text as the text (spec §3). Unparseable data falls back to the plain reading.
 */
export function parseNotification(n: {
  type: number;
  name: string;
  text: string | null;
  data: unknown;
}): ParsedNotification {
  const plain = { message: n.name, text: n.text, apiUrl: null, webUrl: null };
  if (n.type !== 1 || n.data == null) return plain;
  let raw: unknown = n.data;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return plain;
    }
  }
  const parsed = structuredData.safeParse(raw);
  if (!parsed.success) return plain;
  return {
    message: parsed.data.message ?? n.name,
    text: parsed.data.text ?? n.text,
    apiUrl: parsed.data.apiUrl ?? null,
    webUrl: parsed.data.webUrl ? { name: parsed.data.webUrl.name, params: parsed.data.webUrl.params ?? {} } : null,
  };
}

export const mandatoryNoticeSchema = z.object({
  id: z.number(),
  name: z.string(),
  text: z.string().nullable(),
  pivot: z.object({ is_read: z.union([z.literal(0), z.literal(1)]) }),
  /** Set when the notice is a must-read announcement: it is marked read by POST api/announcements/{id}/read. */
  announcement_id: z.number().optional(),
});
export const mandatoryAssignmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  cover_image_link: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  duration: z.number(),
  action_label: z.enum(['start', 'continue']),
});
/** GET api/dashboard/mandatory-completions (spec §3 "Mandatory dashboard state"). */
export const mandatoryCompletionsSchema = z.object({
  data: z.object({
    notices: z.array(mandatoryNoticeSchema),
    assignments: z.array(mandatoryAssignmentSchema),
    is_mandatory_exists: z.boolean(),
  }),
});
export type MandatoryCompletions = z.infer<typeof mandatoryCompletionsSchema>['data'];
export const noticeUpdateSchema = z.object({
  notification_id: z.array(z.number().int().positive().max(ID_MAX)).min(1).max(100),
});

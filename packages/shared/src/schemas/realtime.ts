import { z } from 'zod';

/**
 * The realtime contract (spec §3, §7): channel names the client subscribes to, the events they carry and the answer
 * to a subscription. Both the Socket.IO server and the web client read these.
 */
export const REALTIME_PATH = '/socket.io';

export const REALTIME_EVENTS = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  /** A member of a presence channel came online or went offline. */
  presence: 'presence',
  point: 'point-event',
} as const;

export const presenceChannel = (companyId: number) => `online-users-${companyId}`;
export const pointChannel = (userId: number) => `point-channel-${userId}`;

export type Channel = { kind: 'presence'; companyId: number } | { kind: 'point'; userId: number };

/** Reads a channel name; anything but the two known shapes with a positive integer id is null. */
export function parseChannel(name: unknown): Channel | null {
  if (typeof name !== 'string') return null;
  const match = /^(online-users|point-channel)-([1-9][0-9]{0,9})$/.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id)) return null;
  return match[1] === 'online-users' ? { kind: 'presence', companyId: id } : { kind: 'point', userId: id };
}

/** Online user (spec §3): who joined (status true) or left (status false) a presence channel. */
export const onlineUserSchema = z.object({
  user: z.object({ id: z.number() }),
  name: z.string(),
  surname: z.string(),
  status: z.boolean(),
});
export type OnlineUser = z.infer<typeof onlineUserSchema>;

/** Point event (spec §3). */
export const pointEventSchema = z.object({
  message: z.string(),
  /** The points of the award (issue 17); the message already says them in the learner's language. */
  points: z.number().optional(),
});
export type PointEvent = z.infer<typeof pointEventSchema>;

export const subscribeRequestSchema = z.object({ channel: z.string().min(1).max(100) });
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

/** Why a subscription or a connection was refused. */
export const REALTIME_REFUSALS = ['invalid', 'forbidden', 'hidden', 'unavailable'] as const;
export type RealtimeRefusal = (typeof REALTIME_REFUSALS)[number];

export const subscribeAckSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    channel: z.string(),
    /** Presence channels: everyone in the channel now, the subscriber included. */
    members: z.array(onlineUserSchema).optional(),
  }),
  z.object({ ok: z.literal(false), channel: z.string(), code: z.enum(REALTIME_REFUSALS), message: z.string() }),
]);
export type SubscribeAck = z.infer<typeof subscribeAckSchema>;

/** The `data` of a refused connection (connect_error): the HTTP status the same credentials would get. */
export const connectRefusalSchema = z.object({ status: z.number(), code: z.string() });
export type ConnectRefusal = z.infer<typeof connectRefusalSchema>;

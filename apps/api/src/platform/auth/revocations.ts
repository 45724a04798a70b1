import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, max, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import { asSystem, withSystemScope } from '../../db/scope.js';

/**
 * Which sessions to end: one refresh family on its host, or every family of some users (optionally all but one, the
 * session that asked). Family ids are UUIDs, unique across hosts.
 */
export type RevokeScope =
  | { companyId: number; familyId: string }
  | { userIds: readonly number[]; exceptFamilyId?: string };

/**
 * Sessions that really end. Revoking a refresh family in the database stops its refresh token; its access tokens
 * (stateless JWTs, ACCESS_TOKEN_TTL long) are stopped by a denylist of revoked session ids (`sid`) kept in memory for
 * that lifetime, so every request checks it without a database round trip. With Redis the denylist is shared:
 * a revocation is published to the other nodes at once and kept in a sorted set (score: when the entry expires), which
 * a node reads whenever it (re)connects. Redis is never in a request's way: its errors are logged and the node keeps
 * its own set, and pushes it to Redis again once the connection is back.
 */
export interface SessionRevocations {
  /** Whether an access token of this session id must be refused: in memory, no I/O. */
  isRevoked(sessionId: string): boolean;
  /**
   * Revokes the matching refresh families in the caller's transaction and denylists their ids, on this node at once
   * (before the commit: a revocation rolled back costs a sign-in, never the other way round) and on the others
   * through Redis. Returns the revoked family ids. The only way to revoke a session, so no caller forgets one half.
   */
  revoke(tx: Db, scope: RevokeScope): Promise<string[]>;
  /** Called with every id denylisted here or on another node (realtime disconnects those sockets). */
  onRevoked(listener: (sessionIds: readonly string[]) => void): void;
  /** Learns the families revoked within the last ACCESS_TOKEN_TTL from the database (a restarted single node). */
  loadRecent(db: Db): Promise<void>;
  close(): Promise<void>;
}

export interface SessionRevocationsOptions {
  /** How long an access token lives, in seconds: how long a revoked id must stay on the list. */
  ttlSeconds: number;
  /** Names the Redis key and channel, so deployments sharing one Redis stay apart (as realtime's adapterKey does). */
  secret: string;
  redis?: Redis;
  log: FastifyBaseLogger;
}

/** What a node publishes: revoked session ids, each with the time (ms) its last access token has expired. */
const messageSchema = z.object({ revoked: z.array(z.tuple([z.string().max(64), z.number()])).max(100_000) });
type Entry = [sessionId: string, until: number];

/** The Redis key (sorted set) and channel of a deployment's revoked sessions. */
export function revocationsKey(secret: string): string {
  return `kampus-revoked-sessions-${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`;
}

function revokeCondition(scope: RevokeScope) {
  if ('familyId' in scope) {
    return and(eq(refreshTokens.companyId, scope.companyId), eq(refreshTokens.familyId, scope.familyId));
  }
  return and(
    inArray(refreshTokens.userId, [...scope.userIds]),
    scope.exceptFamilyId ? ne(refreshTokens.familyId, scope.exceptFamilyId) : undefined,
  );
}

export function createSessionRevocations(options: SessionRevocationsOptions): SessionRevocations {
  const { log } = options;
  const ttlMs = options.ttlSeconds * 1000;
  const key = revocationsKey(options.secret);
  /** Session id → when its last access token has expired (ms). */
  const revoked = new Map<string, number>();
  const listeners = new Set<(ids: readonly string[]) => void>();
  let nextSweep = 0;

  function sweep(now: number): void {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    for (const [id, until] of revoked) if (until <= now) revoked.delete(id);
  }

  /** Adds entries to this node's list; tells the listeners about the ids it did not hold yet. */
  function remember(entries: readonly Entry[]): void {
    const now = Date.now();
    sweep(now);
    const added: string[] = [];
    for (const [id, until] of entries) {
      if (until <= now) continue;
      const held = revoked.get(id) ?? 0;
      if (held <= now) added.push(id);
      revoked.set(id, Math.max(until, held));
    }
    if (added.length === 0) return;
    for (const listener of listeners) {
      try {
        listener(added);
      } catch (error) {
        log.error({ err: error }, 'session revocations: a listener failed');
      }
    }
  }

  const shared = options.redis ? connectRedis(options.redis) : null;

  /** Two connections of our own (duplicates of the app's client): one subscribed, one for commands. */
  function connectRedis(redis: Redis) {
    const commands = redis.duplicate();
    const subscriber = redis.duplicate();
    let healthy = true;
    // One line when Redis goes away and one when it is back, not one per reconnection attempt.
    const warn = (error: unknown, what: string) => {
      if (!healthy) return;
      healthy = false;
      log.warn({ err: error }, `session revocations: Redis unavailable (${what}); keeping this node's list`);
    };
    const recovered = () => {
      if (healthy) return;
      healthy = true;
      log.info('session revocations: Redis is back');
    };

    /** Writes entries to the sorted set and tells the other nodes. */
    async function publish(entries: readonly Entry[]): Promise<void> {
      if (entries.length === 0) return;
      await commands
        .multi()
        .zadd(key, ...entries.flatMap(([id, until]) => [until, id]))
        .zremrangebyscore(key, '-inf', Date.now())
        .pexpire(key, ttlMs)
        .publish(key, JSON.stringify({ revoked: entries }))
        .exec();
    }

    /** What the other nodes revoked while this one was away. */
    async function load(): Promise<void> {
      const flat = await commands.zrangebyscore(key, Date.now(), '+inf', 'WITHSCORES');
      const entries: Entry[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) entries.push([flat[i] as string, Number(flat[i + 1])]);
      remember(entries);
    }

    /** After an outage: the list this node kept goes to Redis and the others, and Redis' list comes here. */
    async function resync(): Promise<void> {
      const now = Date.now();
      await publish([...revoked].filter(([, until]) => until > now));
      await load();
    }

    commands.on('error', (error: unknown) => warn(error, 'commands'));
    subscriber.on('error', (error: unknown) => warn(error, 'subscription'));
    commands.on('ready', () => {
      resync().then(recovered, (error: unknown) => warn(error, 'resync'));
    });
    subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== key) return;
      try {
        const message = messageSchema.safeParse(JSON.parse(raw));
        if (message.success) remember(message.data.revoked);
      } catch {
        log.warn('session revocations: an unreadable message was ignored');
      }
    });
    // Subscribing again on every (re)connection is harmless and covers a client without an offline queue; each one
    // also reads what was missed meanwhile.
    subscriber.on('ready', () => {
      subscriber
        .subscribe(key)
        .then(load)
        .then(recovered, (error: unknown) => warn(error, 'subscribe'));
    });
    for (const connection of [commands, subscriber]) {
      if (connection.status === 'wait') connection.connect().catch((error: unknown) => warn(error, 'connect'));
    }

    return {
      publish: (entries: readonly Entry[]) => publish(entries).catch((error: unknown) => warn(error, 'publish')),
      close() {
        commands.disconnect();
        subscriber.disconnect();
      },
    };
  }

  /** Denylists ids on this node now and, without waiting, on the others. */
  function deny(ids: readonly string[]): void {
    if (ids.length === 0) return;
    const until = Date.now() + ttlMs;
    const entries = ids.map((id): Entry => [id, until]);
    remember(entries);
    void shared?.publish(entries);
  }

  return {
    isRevoked(sessionId) {
      const until = revoked.get(sessionId);
      return until !== undefined && until > Date.now();
    },

    async revoke(tx, scope) {
      if ('userIds' in scope && scope.userIds.length === 0) return [];
      // A user's families live under the host each session was opened on (a group's sub-company, any host for a
      // super admin), which a tenant transaction cannot see: this one update runs in the system scope.
      const rows = await withSystemScope(tx, () =>
        tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(revokeCondition(scope), isNull(refreshTokens.revokedAt)))
          .returning({ familyId: refreshTokens.familyId }),
      );
      const ids = [...new Set(rows.map((row) => row.familyId))];
      deny(ids);
      return ids;
    },

    onRevoked(listener) {
      listeners.add(listener);
    },

    async loadRecent(db) {
      const since = new Date(Date.now() - ttlMs);
      const rows = await asSystem(db, (tx) =>
        tx
          .select({ familyId: refreshTokens.familyId, revokedAt: max(refreshTokens.revokedAt) })
          .from(refreshTokens)
          .where(gt(refreshTokens.revokedAt, since))
          .groupBy(refreshTokens.familyId),
      );
      remember(
        rows.flatMap((row): Entry[] => (row.revokedAt ? [[row.familyId, row.revokedAt.getTime() + ttlMs]] : [])),
      );
    },

    async close() {
      shared?.close();
      listeners.clear();
    },
  };
}

import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { auditLogs } from '../db/schema/index.js';
import { afterCommit } from '../db/scope.js';
import type { Initiator } from './actor.js';

/**
 * Something that happened to a record, as `record` wrote it to the audit trail. Subscribers hear it only after the
 * transaction that recorded it has committed, so a rolled-back change never sends a mail, a realtime push or a job.
 */
export interface DomainEvent {
  /** `{entity}.{verb}`, e.g. `hashtag.created`, `user.password_changed`. */
  action: string;
  entity: string;
  entityId: number | null;
  companyId: number;
  /** Null when nobody was signed in (a visitor, a job). */
  actorUserId: number | null;
  impersonatorId: number | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  at: Date;
}

export interface RecordEntry {
  action: string;
  entity: string;
  id?: number | null;
  before?: unknown;
  after?: unknown;
  /** The company the change belongs to; by default the one the actor acts in. */
  companyId?: number;
}

type Handler = (event: DomainEvent) => void | Promise<void>;

/** Where an application's recorded events go after commit: its subscribers, by action or by `{entity}.*`. */
export interface EventBus {
  subscribe(pattern: string, handler: Handler): void;
  /** Resolves once every handler started so far has finished (tests). */
  idle(): Promise<void>;
}

/**
 * The bus of each application, found from the database its transactions run on: every node opens its own Database.
 * (Two applications built on one Database object, as tests of several nodes do, share the bus built last.)
 */
const buses = new WeakMap<Db, ReturnType<typeof createEventBus>>();

/**
 * `concurrency`: how many subscribers run at once on this node; the others wait their turn in order. Subscribers do
 * their work in transactions of their own: a burst of events (two thousand learners submitting an exam within a
 * minute, each result moving educations and assignments) must not take the pool's connections from the requests.
 */
export function createEventBus(db: Db, log: FastifyBaseLogger, concurrency = Number.POSITIVE_INFINITY) {
  const handlers = new Map<string, Handler[]>();
  const running = new Set<Promise<void>>();
  const waiting: (() => void)[] = [];
  let active = 0;

  function next() {
    while (active < concurrency && waiting.length > 0) {
      active++;
      waiting.shift()?.();
    }
  }

  function deliver(event: DomainEvent): void {
    const matching = [
      ...(handlers.get(event.action) ?? []),
      ...(handlers.get(`${event.entity}.*`) ?? []),
      ...(handlers.get('*') ?? []),
    ];
    for (const handler of matching) {
      const turn = new Promise<void>((resolve) => waiting.push(resolve));
      // A subscriber's failure is its own: the change is committed and the request has its answer.
      const run = turn
        .then(() => handler(event))
        .catch((error: unknown) => log.error({ err: error, action: event.action }, 'an event subscriber failed'))
        .finally(() => {
          active--;
          running.delete(run);
          next();
        });
      running.add(run);
    }
    next();
  }

  const bus = {
    subscribe(pattern: string, handler: Handler) {
      handlers.set(pattern, [...(handlers.get(pattern) ?? []), handler]);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
    deliver,
  };
  buses.set(db, bus);
  return bus satisfies EventBus;
}

function eventOf(who: Initiator, entry: RecordEntry): DomainEvent {
  return {
    action: entry.action,
    entity: entry.entity,
    entityId: entry.id ?? null,
    companyId: entry.companyId ?? who.companyId,
    actorUserId: who.userId ?? null,
    impersonatorId: who.impersonatorId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: who.requestId,
    at: new Date(),
  };
}

/** Hands events to the subscribers once what wrote them has committed (at once when that was a single statement). */
function deliverWhenCommitted(runner: Db, events: DomainEvent[]): void {
  const deliver = (db: Db) => {
    for (const event of events) buses.get(db)?.deliver(event);
  };
  if (runner instanceof PgTransaction) afterCommit(deliver);
  else deliver(runner);
}

/**
 * The one mutation path's last step: writes the audit row in the caller's transaction and, once that transaction has
 * committed, hands the same change to the application's subscribers as a domain event.
 */
export async function record(tx: Db, who: Initiator, entry: RecordEntry): Promise<void> {
  const event = eventOf(who, entry);
  await tx.insert(auditLogs).values(auditRowOf(who, event));
  afterCommit((db) => buses.get(db)?.deliver(event));
}

/** The audit row of an event, as `record` inserts it (and `kampus_exam_submit` reads it from JSON). */
function auditRowOf(who: Initiator, event: DomainEvent) {
  return {
    companyId: event.companyId,
    actorUserId: event.actorUserId,
    impersonatorId: event.impersonatorId,
    action: event.action,
    entityType: event.entity,
    entityId: event.entityId,
    before: event.before,
    after: event.after,
    ip: who.ip,
    requestId: who.requestId,
  };
}

/**
 * `record` for a statement that writes its audit rows itself, to spare a round trip on a hot path (an exam's submit,
 * `kampus_exam_submit`): `rows` are the audit rows `record` would insert, for that statement as JSON;
 * `published(runner)`, called once it has written them, hands the events to the subscribers as `record` would.
 */
export function recordedInStatement(who: Initiator, entries: RecordEntry[]) {
  const events = entries.map((entry) => eventOf(who, entry));
  return {
    rows: events.map((event) => auditRowOf(who, event)),
    published: (runner: Db) => deliverWhenCommitted(runner, events),
  };
}

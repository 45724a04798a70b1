import { createHash } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import {
  type ConnectRefusal,
  displayName,
  hasMoreThanOneRole,
  isSuperAdminByRoleCount,
  isTruthySetting,
  type Locale,
  type OnlineUser,
  type PointEvent,
  parseChannel,
  pointChannel,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type RealtimeRefusal,
  type SubscribeAck,
  subscribeRequestSchema,
} from '@kampus/shared';
import { RedisAdapter } from '@socket.io/redis-adapter';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type Namespace, Server, type Socket } from 'socket.io';
import type { BroadcastOptions } from 'socket.io-adapter';
import type { Db } from '../db/client.js';
import { jsonbRaw } from '../db/schema/columns.js';
import { companies, companySettings, users } from '../db/schema/index.js';
import { inTenant } from '../db/scope.js';
import type { SessionRevocations } from './auth/revocations.js';
import type { TokenSigner } from './auth/tokens.js';
import { HttpError, unauthenticated } from './http/errors.js';
import { localeFromHeader, translator } from './i18n.js';
import type { RedisConnection } from './redis.js';
import type { HostResolver } from './tenancy.js';

/** Events the server sends to one user's point channel, with their payloads. */
export interface UserEvents {
  [REALTIME_EVENTS.point]: PointEvent;
}

/**
 * Socket.IO on the API's own port (spec §7, ARCHITECTURE "Realtime"). Connections authenticate like HTTP requests;
 * clients then subscribe to channels by name, and only to their own.
 */
export interface Realtime {
  /** Starts answering on REALTIME_PATH of the HTTP server; called once the app listens. */
  attach(server: HttpServer): void;
  /** Sends an event to every open tab of one user, on any node. */
  toUser<E extends keyof UserEvents>(userId: number, event: E, payload: UserEvents[E]): void;
  close(): Promise<void>;
}

export interface RealtimeDeps {
  db: Db;
  signer: TokenSigner;
  hosts: HostResolver;
  log: FastifyBaseLogger;
  /** Nodes of one deployment share it; it also names the Redis channels, so deployments sharing a Redis stay apart. */
  secret: string;
  /**
   * With Redis, rooms are shared between nodes through the Redis adapter; without, they live in this process. While
   * Redis is away they live in this process too (NodeLocalWhileOfflineAdapter).
   */
  redisConnection?: RedisConnection;
  /** A revoked session's handshake is refused and its open sockets are dropped. */
  sessions?: Pick<SessionRevocations, 'isRevoked' | 'onRevoked'>;
}

interface SocketSession {
  userId: number;
  /** The refresh family (the token's sid): its revocation drops the socket. */
  sessionId: string;
  homeCompanyId: number;
  /** The company the session acts in (the token's cid): the only presence channel it may join. */
  companyId: number;
  roles: { id: number }[];
  lang: Locale;
  /** Set while the socket is in a presence channel: who it shows and how that company masks surnames. */
  presence?: { room: string; name: string; surname: string; surnameViewRestrict: number };
}

type ServerEvents = Record<string, (payload: unknown) => void>;
type ClientEvents = {
  [REALTIME_EVENTS.subscribe]: (body: unknown, ack?: (answer: SubscribeAck) => void) => void;
  [REALTIME_EVENTS.unsubscribe]: (body: unknown, ack?: (answer: SubscribeAck) => void) => void;
};
type RealtimeServer = Server<ClientEvents, ServerEvents, ServerEvents, SocketSession>;
type RealtimeSocket = Socket<ClientEvents, ServerEvents, ServerEvents, SocketSession>;
type Member = Pick<SocketSession, 'userId' | 'presence'>;
type Handshake = Socket['handshake'];

/** Privileged viewers (more than one role, or a super admin) see full surnames (spec §5); they also share a room. */
const seesFullNames = (roles: { id: number }[]) => hasMoreThanOneRole(roles) || isSuperAdminByRoleCount(roles);
/** Not a channel name a client can ask for (parseChannel refuses the suffix), so only the server puts sockets in it. */
const fullNamesRoom = (room: string) => `${room}#full`;

/** The surname a viewer may see, by the shared masking rule applied to the surname alone. */
function visibleSurname(person: { id: number; surname: string }, viewer: Viewer, restrict: number): string {
  return displayName({ id: person.id, name: '', surname: person.surname }, viewer, restrict);
}
type Viewer = { id: number | null; roles: { id: number }[] };
const ANYONE: Viewer = { id: null, roles: [] };

function onlineUser(member: Member, viewer: Viewer, status: boolean): OnlineUser | null {
  const presence = member.presence;
  if (!presence) return null;
  const person = { id: member.userId, surname: presence.surname };
  return {
    user: { id: member.userId },
    name: presence.name,
    surname: visibleSurname(person, viewer, presence.surnameViewRestrict),
    status,
  };
}

function handshakeToken(handshake: Handshake): string | null {
  const token = (handshake.auth as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 && token.length < 4096 ? token : null;
}

function handshakeLocale(handshake: Handshake): Locale {
  const lang = (handshake.auth as { lang?: unknown } | undefined)?.lang;
  return localeFromHeader(typeof lang === 'string' ? lang : handshake.headers['x-content-language']);
}

/** The same checks as an HTTP request (platform/http/context.ts): a known, active host, then a token issued on it. */
async function authenticate(handshake: Handshake, deps: RealtimeDeps): Promise<SocketSession> {
  const target = await deps.hosts.resolve(handshake.headers.host);
  if (target.kind === 'unknown') throw new HttpError(404, 'errors.unknown_host');
  if (target.kind === 'company' && target.company.status !== 1) throw new HttpError(403, 'errors.company_passive');
  const token = handshakeToken(handshake);
  if (!token) throw unauthenticated();
  const claims = await deps.signer.verify(token);
  if (!claims || deps.sessions?.isRevoked(claims.sid)) throw unauthenticated('errors.token_invalid');
  if (target.kind !== 'company' || claims.hid !== target.company.id) {
    throw unauthenticated('errors.token_host_mismatch');
  }
  return {
    userId: Number(claims.sub),
    sessionId: claims.sid,
    homeCompanyId: claims.hco,
    companyId: claims.cid,
    roles: claims.rol.map((id) => ({ id })),
    lang: handshakeLocale(handshake),
  };
}

/** A refused connection: the client's connect_error carries a localized message and the status HTTP would give. */
function connectionRefusal(error: unknown, lang: Locale): Error & { data: ConnectRefusal } {
  const known = error instanceof HttpError;
  const key = known ? error.key : 'errors.internal';
  const refusal = new Error(translator(lang)(key)) as Error & { data: ConnectRefusal };
  refusal.data = { status: known ? error.status : 500, code: key.replace(/^errors\./, '') };
  return refusal;
}

const REFUSAL_KEYS: Record<RealtimeRefusal, string> = {
  invalid: 'presence.channel_invalid',
  forbidden: 'presence.channel_forbidden',
  hidden: 'presence.hidden',
  unavailable: 'presence.unavailable',
};

/** What a presence channel needs from the database: the company's rules and the person the socket shows. */
async function loadPresence(db: Db, session: SocketSession) {
  const [company] = await db
    .select({ surnameViewRestrict: companies.surnameViewRestrict })
    .from(companies)
    .where(eq(companies.id, session.companyId));
  const [setting] = await inTenant(db, session.companyId, (tx) =>
    tx
      .select({ value: jsonbRaw(companySettings.value) })
      .from(companySettings)
      .where(and(eq(companySettings.companyId, session.companyId), eq(companySettings.key, 'hide_online_users'))),
  );
  const [person] = await inTenant(db, session.homeCompanyId, (tx) =>
    tx
      .select({ name: users.name, surname: users.surname })
      .from(users)
      .where(and(eq(users.id, session.userId), eq(users.companyId, session.homeCompanyId))),
  );
  return {
    hidden: isTruthySetting(setting?.value),
    surnameViewRestrict: company?.surnameViewRestrict ?? 0,
    person,
  };
}

/** A Redis key prefix per deployment: nodes sharing JWT_SECRET share rooms; other deployments on that Redis do not. */
export function adapterKey(secret: string): string {
  return `kampus-realtime-${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`;
}

/**
 * The Redis adapter, but this node's own rooms while Redis is away: presence lists and point events keep working for
 * the sockets of this node instead of waiting for Redis (fetchSockets would time out after 5 s) or failing. Redis
 * being up means both connections are ready; the subscriber subscribes again by itself after a reconnect.
 */
class NodeLocalWhileOfflineAdapter extends RedisAdapter {
  constructor(
    nsp: Namespace,
    private readonly pub: Redis,
    private readonly sub: Redis,
    key: string,
    private readonly log: FastifyBaseLogger,
  ) {
    super(nsp, pub, sub, { key, requestsTimeout: 2_000 });
  }

  private get isShared(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  /** The same operation, limited to this node when Redis is away. */
  private scoped(opts: BroadcastOptions): BroadcastOptions {
    return this.isShared ? opts : { ...opts, flags: { ...opts.flags, local: true } };
  }

  override serverCount(): Promise<number> {
    // 1 (this node alone) makes fetchSockets, allRooms and serverSideEmitWithAck answer from this node.
    if (!this.isShared) return Promise.resolve(1);
    return super.serverCount().catch(() => 1);
  }

  override async fetchSockets(opts: BroadcastOptions) {
    try {
      return await super.fetchSockets(this.scoped(opts));
    } catch (error) {
      // Redis went away during the request: this node's sockets are what can be known.
      this.log.warn({ err: error }, 'realtime: other nodes did not answer; using this node only');
      return super.fetchSockets({ ...opts, flags: { ...opts.flags, local: true } });
    }
  }

  override broadcast(packet: Parameters<RedisAdapter['broadcast']>[0], opts: BroadcastOptions): void {
    super.broadcast(packet, this.scoped(opts));
  }

  override addSockets(opts: BroadcastOptions, rooms: string[]): void {
    super.addSockets(this.scoped(opts), rooms);
  }

  override delSockets(opts: BroadcastOptions, rooms: string[]): void {
    super.delSockets(this.scoped(opts), rooms);
  }

  override disconnectSockets(opts: BroadcastOptions, close: boolean): void {
    super.disconnectSockets(this.scoped(opts), close);
  }
}

/**
 * The adapter calls these without awaiting them, so a rejection (Redis went away between the readiness check and the
 * command, or a subscription flushed at shutdown) would be an unhandled rejection, which ends a Node process.
 */
function catchRejections(redis: Redis, methods: string[], log: FastifyBaseLogger): void {
  const target = redis as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of methods) {
    const original = target[name]?.bind(redis);
    if (!original) continue;
    target[name] = (...args: unknown[]) => {
      const result = original(...args);
      if (result instanceof Promise) result.catch((error: unknown) => log.debug({ err: error }, `realtime: ${name}`));
      return result;
    };
  }
}

function redisAdapter(connection: RedisConnection, key: string, log: FastifyBaseLogger) {
  const pub = connection.commands('realtime-publish');
  const sub = connection.subscriber('realtime-subscribe');
  catchRejections(pub, ['publish'], log);
  catchRejections(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], log);
  // Socket.IO constructs the adapter of each namespace with `new`, from the namespace alone.
  return class extends NodeLocalWhileOfflineAdapter {
    constructor(nsp: Namespace) {
      super(nsp, pub, sub, key, log);
    }
  };
}

export function createRealtime(deps: RealtimeDeps): Realtime {
  const { log } = deps;
  const io: RealtimeServer = new Server({
    path: REALTIME_PATH,
    serveClient: false,
    // WebSocket only: no long-polling means no sticky sessions are needed behind a load balancer.
    transports: ['websocket'],
    // Clients only send channel names.
    maxHttpBufferSize: 16 * 1024,
    ...(deps.redisConnection ? { adapter: redisAdapter(deps.redisConnection, adapterKey(deps.secret), log) } : {}),
  });
  let attached = false;
  let closed = false;
  /** Leave announcements still in flight, awaited on close so a stopping node still tells the others. */
  const pending = new Set<Promise<void>>();

  /** Everyone in a room on every node; several tabs of one user count once. */
  async function membersOf(room: string): Promise<Member[]> {
    const sockets = await io.in(room).fetchSockets();
    const byUser = new Map<number, Member>();
    for (const socket of sockets) if (socket.data.presence) byUser.set(socket.data.userId, socket.data);
    return [...byUser.values()];
  }

  /** Tells the others in a room that a person came or went: full surnames only to those who may see them. */
  function announce(from: RealtimeSocket | null, member: Member, room: string, status: boolean): void {
    // As the person sees themselves (in full), and as anyone without the right to full surnames sees them.
    const full = onlineUser(member, { id: member.userId, roles: [] }, status);
    const masked = onlineUser(member, ANYONE, status);
    if (!full || !masked) return;
    const target = from ? from.to(room) : io.to(room);
    if (full.surname === masked.surname) {
      target.emit(REALTIME_EVENTS.presence, full);
      return;
    }
    target.except(fullNamesRoom(room)).emit(REALTIME_EVENTS.presence, masked);
    (from ? from.to(fullNamesRoom(room)) : io.to(fullNamesRoom(room))).emit(REALTIME_EVENTS.presence, full);
  }

  function refuse(session: SocketSession, channel: string, code: RealtimeRefusal): SubscribeAck {
    return { ok: false, channel, code, message: translator(session.lang)(REFUSAL_KEYS[code]) };
  }

  async function joinPresence(socket: RealtimeSocket, room: string): Promise<SubscribeAck> {
    const session = socket.data;
    if (session.presence?.room === room) return presenceAck(session, room);
    const found = await loadPresence(deps.db, session);
    if (found.hidden) return refuse(session, room, 'hidden');
    if (!found.person) return refuse(session, room, 'forbidden');
    const wasOnline = (await membersOf(room)).some((member) => member.userId === session.userId);
    // Joining a room after the socket went away would leave a member nobody ever removes.
    if (socket.disconnected) return refuse(session, room, 'unavailable');
    session.presence = { room, ...found.person, surnameViewRestrict: found.surnameViewRestrict };
    await socket.join(seesFullNames(session.roles) ? [room, fullNamesRoom(room)] : room);
    if (!wasOnline) announce(socket, session, room, true);
    return presenceAck(session, room);
  }

  async function presenceAck(session: SocketSession, room: string): Promise<SubscribeAck> {
    const viewer = { id: session.userId, roles: session.roles };
    const members = (await membersOf(room)).flatMap((member) => onlineUser(member, viewer, true) ?? []);
    return { ok: true, channel: room, members };
  }

  /** After a socket left its presence room: when it was the user's last one there, the others hear status false. */
  function leavePresence(member: Member): void {
    const room = member.presence?.room;
    if (!room) return;
    const task = membersOf(room)
      .then((members) => {
        if (!members.some((other) => other.userId === member.userId)) announce(null, member, room, false);
      })
      .catch((error: unknown) => log.warn({ err: error, room }, 'realtime: presence leave not announced'))
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  async function subscribe(socket: RealtimeSocket, body: unknown): Promise<SubscribeAck> {
    const session = socket.data;
    const request = subscribeRequestSchema.safeParse(body);
    const name = request.success ? request.data.channel : '';
    const channel = parseChannel(name);
    if (!channel) return refuse(session, name, 'invalid');
    if (channel.kind === 'point') {
      if (channel.userId !== session.userId) return refuse(session, name, 'forbidden');
      await socket.join(pointChannel(session.userId));
      return { ok: true, channel: name };
    }
    if (channel.companyId !== session.companyId) return refuse(session, name, 'forbidden');
    return joinPresence(socket, name);
  }

  async function unsubscribe(socket: RealtimeSocket, body: unknown): Promise<SubscribeAck> {
    const session = socket.data;
    const request = subscribeRequestSchema.safeParse(body);
    const name = request.success ? request.data.channel : '';
    const channel = parseChannel(name);
    if (!channel) return refuse(session, name, 'invalid');
    if (channel.kind === 'point') {
      await socket.leave(name);
      return { ok: true, channel: name };
    }
    if (session.presence?.room !== name) return { ok: true, channel: name };
    const member = { userId: session.userId, presence: session.presence };
    session.presence = undefined;
    await socket.leave(fullNamesRoom(name));
    await socket.leave(name);
    leavePresence(member);
    return { ok: true, channel: name };
  }

  /** Runs a client request, always answering it: an unexpected failure is logged and refused as unavailable. */
  function handle(socket: RealtimeSocket, run: typeof subscribe) {
    return (body: unknown, ack?: (answer: SubscribeAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      run(socket, body).then(reply, (error: unknown) => {
        log.error({ err: error }, 'realtime: request failed');
        const name = subscribeRequestSchema.safeParse(body).data?.channel ?? '';
        reply(refuse(socket.data, name, 'unavailable'));
      });
    };
  }

  io.use((socket, next) => {
    authenticate(socket.handshake, deps).then(
      (session) => {
        socket.data = session;
        next();
      },
      (error: unknown) => {
        if (!(error instanceof HttpError)) log.error({ err: error }, 'realtime: handshake failed');
        next(connectionRefusal(error, handshakeLocale(socket.handshake)));
      },
    );
  });

  // Every node hears every revocation (platform/auth/revocations.ts), so each drops its own sockets of those sessions.
  deps.sessions?.onRevoked((sessionIds) => {
    const ended = new Set(sessionIds);
    for (const socket of io.of('/').sockets.values()) if (ended.has(socket.data.sessionId)) socket.disconnect(true);
  });

  io.on('connection', (socket) => {
    socket.on(REALTIME_EVENTS.subscribe, handle(socket, subscribe));
    socket.on(REALTIME_EVENTS.unsubscribe, handle(socket, unsubscribe));
    // By now the socket has left every room, so a remaining member of the user is another tab.
    socket.on('disconnect', () => leavePresence(socket.data));
  });

  return {
    attach(server) {
      if (attached || closed) return;
      attached = true;
      io.attach(server);
    },
    toUser(userId, event, payload) {
      io.to(pointChannel(userId)).emit(event, payload);
    },
    async close() {
      if (closed) return;
      closed = true;
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself. Closing the transports
      // (rather than disconnecting each socket) lets clients reconnect, to another node or to this one restarted.
      if (attached) io.engine.close();
      await Promise.allSettled([...pending]);
      // Its Redis connections close with the others (platform/redis.ts).
      await io.of('/').adapter.close();
    },
  };
}

import type { AddressInfo } from 'node:net';
import {
  type OnlineUser,
  pointChannel,
  presenceChannel,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type SubscribeAck,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRow, factories, type UserRow } from '../../test/factories.js';
import { createTestApp, createTestNodes, eventually, hostOf, login, type TestApp } from '../../test/helpers.js';
import type { BuiltApp } from '../app.js';

type Refusal = Error & { data?: { status: number; code: string } };

const sockets = new Set<Socket>();

/** A Socket.IO client as the browser opens it: same port, the company's Host header, the token in `auth`. */
function open(app: FastifyInstance, host: string, token?: string): Socket {
  const { port } = app.server.address() as AddressInfo;
  const socket = io(`http://127.0.0.1:${port}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { host },
    auth: { ...(token ? { token } : {}), lang: 'en' },
    reconnection: false,
    forceNew: true,
  });
  sockets.add(socket);
  return socket;
}

function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function refused(socket: Socket): Promise<Refusal> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the connection was accepted')));
    socket.once('connect_error', resolve);
  });
}

const subscribe = (socket: Socket, channel: unknown): Promise<SubscribeAck> =>
  socket.timeout(5000).emitWithAck(REALTIME_EVENTS.subscribe, { channel });

/** Every presence event a socket receives, in order. */
function record(socket: Socket): OnlineUser[] {
  const events: OnlineUser[] = [];
  socket.on(REALTIME_EVENTS.presence, (event: OnlineUser) => events.push(event));
  return events;
}

function nextEvent<T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

const ids = (members: OnlineUser[] | undefined) => (members ?? []).map((m) => m.user.id).sort((a, b) => a - b);

afterEach(() => {
  for (const socket of sockets) socket.disconnect();
  sockets.clear();
});

describe('realtime on one node', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let hidden: CompanyRow;
  let ayse: UserRow;
  let burak: UserRow;
  let admin: UserRow;
  let outsider: UserRow;
  let outsider2: UserRow;
  let hiddenUser: UserRow;
  const tokens = new Map<number, string>();
  const tokenOf = (user: UserRow) => tokens.get(user.id) ?? '';

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany({ surnameViewRestrict: 1, settings: { hide_online_users: false } });
    other = await f.createCompany();
    hidden = await f.createCompany({ settings: { hide_online_users: true } });
    ayse = await f.createUser(company, { name: 'Ayşe', surname: 'Yılmaz' });
    burak = await f.createUser(company, { name: 'Burak', surname: 'Şahin' });
    admin = await f.createAdmin(company, { name: 'Derya', surname: 'Kaya' });
    outsider = await f.createUser(other);
    outsider2 = await f.createUser(other);
    hiddenUser = await f.createUser(hidden);
    for (const [user, home] of [
      [ayse, company],
      [burak, company],
      [admin, company],
      [outsider, other],
      [outsider2, other],
      [hiddenUser, hidden],
    ] as const) {
      tokens.set(user.id, (await login(test.app, home, user.email ?? '')).access_token);
    }
    await test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => test.close());

  it('refuses a connection without a token or with a bad one, with a localized reason', async () => {
    const anonymous = await refused(open(test.app, hostOf(company)));
    expect(anonymous.message).toBe('You need to sign in to do this.');
    expect(anonymous.data).toEqual({ status: 401, code: 'unauthenticated' });

    const forged = await refused(open(test.app, hostOf(company), `${tokenOf(ayse)}x`));
    expect(forged.data).toEqual({ status: 401, code: 'token_invalid' });
  });

  it("refuses a token on another company's host and an unknown host", async () => {
    const elsewhere = await refused(open(test.app, hostOf(other), tokenOf(ayse)));
    expect(elsewhere.data).toEqual({ status: 401, code: 'token_host_mismatch' });

    const unknown = await refused(open(test.app, 'nobody.localhost', tokenOf(ayse)));
    expect(unknown.data).toEqual({ status: 404, code: 'unknown_host' });

    await connected(open(test.app, hostOf(company), tokenOf(ayse)));
  });

  it("refuses another company's presence, another user's point channel and unknown names, joining none", async () => {
    const socket = await connected(open(test.app, hostOf(company), tokenOf(ayse)));
    const foreign = await subscribe(socket, presenceChannel(other.id));
    expect(foreign).toEqual({
      ok: false,
      channel: presenceChannel(other.id),
      code: 'forbidden',
      message: 'You are not allowed to listen to this channel.',
    });
    expect(await subscribe(socket, pointChannel(burak.id))).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await subscribe(socket, `${presenceChannel(company.id)}#full`)).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    expect(await subscribe(socket, 'private-admin')).toMatchObject({ ok: false, code: 'invalid' });
    expect(await subscribe(socket, { nested: true })).toMatchObject({ ok: false, code: 'invalid' });

    // Nothing sent to Burak or to the other company's channel reaches Ayşe's socket.
    const seen = record(socket);
    let points = 0;
    socket.on(REALTIME_EVENTS.point, () => points++);
    test.platform.realtime.toUser(burak.id, REALTIME_EVENTS.point, { message: 'not for Ayşe' });
    const first = await connected(open(test.app, hostOf(other), tokenOf(outsider)));
    const firstSeen = record(first);
    expect(await subscribe(first, presenceChannel(other.id))).toMatchObject({ ok: true });
    const second = await connected(open(test.app, hostOf(other), tokenOf(outsider2)));
    expect(await subscribe(second, presenceChannel(other.id))).toMatchObject({ ok: true });
    await eventually(() => firstSeen.length === 1, 'the join in the other company');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect({ seen, points }).toEqual({ seen: [], points: 0 });
  });

  it('tells members who joins and who leaves, counting several tabs once and masking surnames', async () => {
    const room = presenceChannel(company.id);
    const ayseSocket = await connected(open(test.app, hostOf(company), tokenOf(ayse)));
    const ayseEvents = record(ayseSocket);
    const first = await subscribe(ayseSocket, room);
    expect(first).toEqual({
      ok: true,
      channel: room,
      members: [{ user: { id: ayse.id }, name: 'Ayşe', surname: 'Yılmaz', status: true }],
    });

    const adminSocket = await connected(open(test.app, hostOf(company), tokenOf(admin)));
    const adminEvents = record(adminSocket);
    const adminJoin = await subscribe(adminSocket, room);
    expect(adminJoin.ok && ids(adminJoin.members)).toEqual([ayse.id, admin.id].sort((a, b) => a - b));
    // Ayşe is a plain user in a company that restricts surnames: she sees the admin's masked.
    await eventually(() => ayseEvents.length === 1, "the admin's join");
    expect(ayseEvents[0]).toEqual({ user: { id: admin.id }, name: 'Derya', surname: 'K****', status: true });

    const burakTab1 = await connected(open(test.app, hostOf(company), tokenOf(burak)));
    const burakJoin = await subscribe(burakTab1, room);
    expect(burakJoin.ok && burakJoin.members).toEqual(
      expect.arrayContaining([
        { user: { id: burak.id }, name: 'Burak', surname: 'Şahin', status: true },
        { user: { id: ayse.id }, name: 'Ayşe', surname: 'Y****', status: true },
        { user: { id: admin.id }, name: 'Derya', surname: 'K****', status: true },
      ]),
    );
    await eventually(() => ayseEvents.length === 2 && adminEvents.length === 1, "Burak's join");
    expect(ayseEvents[1]).toEqual({ user: { id: burak.id }, name: 'Burak', surname: 'Ş****', status: true });
    // The admin holds more than one role and sees full surnames.
    expect(adminEvents[0]).toEqual({ user: { id: burak.id }, name: 'Burak', surname: 'Şahin', status: true });

    // A second tab neither joins again nor, when it closes, makes Burak leave.
    const burakTab2 = await connected(open(test.app, hostOf(company), tokenOf(burak)));
    const secondTab = await subscribe(burakTab2, room);
    expect(secondTab.ok && ids(secondTab.members)).toEqual([ayse.id, burak.id, admin.id].sort((a, b) => a - b));
    burakTab2.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    burakTab1.disconnect();
    await eventually(() => ayseEvents.length === 3, "Burak's leave");
    expect(ayseEvents.slice(1)).toEqual([
      { user: { id: burak.id }, name: 'Burak', surname: 'Ş****', status: true },
      { user: { id: burak.id }, name: 'Burak', surname: 'Ş****', status: false },
    ]);
    await eventually(() => adminEvents.length === 2, "Burak's leave for the admin");
    expect(adminEvents[1]).toEqual({ user: { id: burak.id }, name: 'Burak', surname: 'Şahin', status: false });

    // Unsubscribing is leaving too.
    const left = await adminSocket.timeout(5000).emitWithAck(REALTIME_EVENTS.unsubscribe, { channel: room });
    expect(left).toEqual({ ok: true, channel: room });
    await eventually(() => ayseEvents.length === 4, "the admin's leave");
    expect(ayseEvents[3]).toEqual({ user: { id: admin.id }, name: 'Derya', surname: 'K****', status: false });
  });

  it('refuses presence where the company hides online users, but not the point channel', async () => {
    const socket = await connected(open(test.app, hostOf(hidden), tokenOf(hiddenUser)));
    expect(await subscribe(socket, presenceChannel(hidden.id))).toEqual({
      ok: false,
      channel: presenceChannel(hidden.id),
      code: 'hidden',
      message: 'This company does not show who is online.',
    });
    expect(await subscribe(socket, pointChannel(hiddenUser.id))).toEqual({
      ok: true,
      channel: pointChannel(hiddenUser.id),
    });
  });

  it('delivers a point event to every tab of the user it is for, and to nobody else', async () => {
    const tab1 = await connected(open(test.app, hostOf(company), tokenOf(ayse)));
    const tab2 = await connected(open(test.app, hostOf(company), tokenOf(ayse)));
    const bystander = await connected(open(test.app, hostOf(company), tokenOf(burak)));
    for (const socket of [tab1, tab2])
      expect(await subscribe(socket, pointChannel(ayse.id))).toMatchObject({ ok: true });
    expect(await subscribe(bystander, pointChannel(burak.id))).toMatchObject({ ok: true });
    let bystanderPoints = 0;
    bystander.on(REALTIME_EVENTS.point, () => bystanderPoints++);

    const received = Promise.all([tab1, tab2].map((s) => nextEvent<{ message: string }>(s, REALTIME_EVENTS.point)));
    test.platform.realtime.toUser(ayse.id, REALTIME_EVENTS.point, { message: 'Eğitim tamamlandı' });
    expect(await received).toEqual([{ message: 'Eğitim tamamlandı' }, { message: 'Eğitim tamamlandı' }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bystanderPoints).toBe(0);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('realtime across nodes sharing Redis', () => {
  let nodes: BuiltApp[] = [];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ nodes, close } = await createTestNodes());
    for (const node of nodes) await node.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => close());

  it('shows a member who joined on node A to a member on node B, and their leave, and points sent from B', async () => {
    const [nodeA, nodeB] = nodes as [BuiltApp, BuiltApp];
    const f = factories(nodeA.platform.database.db);
    const company = await f.createCompany();
    const [ayse, burak] = [await f.createUser(company), await f.createUser(company)];
    const tokenA = (await login(nodeA.app, company, ayse.email ?? '')).access_token;
    const tokenB = (await login(nodeB.app, company, burak.email ?? '')).access_token;
    const room = presenceChannel(company.id);

    const onA = await connected(open(nodeA.app, hostOf(company), tokenA));
    expect(await subscribe(onA, room)).toMatchObject({ ok: true });
    expect(await subscribe(onA, pointChannel(ayse.id))).toMatchObject({ ok: true });

    const onB = await connected(open(nodeB.app, hostOf(company), tokenB));
    const events = record(onB);
    const joined = await subscribe(onB, room);
    expect(joined.ok && ids(joined.members)).toEqual([ayse.id, burak.id].sort((a, b) => a - b));

    const point = nextEvent<{ message: string }>(onA, REALTIME_EVENTS.point);
    nodeB.platform.realtime.toUser(ayse.id, REALTIME_EVENTS.point, { message: 'from node B' });
    expect(await point).toEqual({ message: 'from node B' });

    onA.disconnect();
    await eventually(() => events.length === 1, "Ayşe's leave across nodes");
    expect(events[0]).toMatchObject({ user: { id: ayse.id }, status: false });
  });
});

describe('realtime when the app closes', () => {
  it('drops connected clients in a way they reconnect from, and lets the app close', async () => {
    const test = await createTestApp();
    const company = await test.factories.createCompany();
    const user = await test.factories.createUser(company);
    const token = (await login(test.app, company, user.email ?? '')).access_token;
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await connected(open(test.app, hostOf(company), token));
    expect(await subscribe(socket, presenceChannel(company.id))).toMatchObject({ ok: true });
    const gone = nextEvent<string>(socket, 'disconnect');
    await test.close();
    expect(await gone).toBe('transport close');
    expect(socket.active).toBe(true);
  });
});

import type { AddressInfo } from 'node:net';
import { pointChannel, REALTIME_EVENTS, REALTIME_PATH, type SubscribeAck } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { type CompanyRow, factories } from '../../../../test/factories.js';
import { createTestApp, createTestNodes, hostOf, login } from '../../../../test/helpers.js';
import type { BuiltApp } from '../../../app.js';
import type { Db } from '../../../db/client.js';
import { inTenant } from '../../../db/scope.js';
import { record } from '../../../platform/events.js';
import { ensurePointRules } from './rules.js';

const sockets = new Set<Socket>();
afterEach(() => {
  for (const socket of sockets) socket.disconnect();
  sockets.clear();
});

/** The learner's browser tab: connected on one node, subscribed to its own point channel. */
async function tabOn(app: FastifyInstance, company: CompanyRow, token: string, userId: number): Promise<Socket> {
  const { port } = app.server.address() as AddressInfo;
  const socket = io(`http://127.0.0.1:${port}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { host: hostOf(company) },
    auth: { token, lang: 'tr' },
    reconnection: false,
    forceNew: true,
  });
  sockets.add(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack: SubscribeAck = await socket
    .timeout(5000)
    .emitWithAck(REALTIME_EVENTS.subscribe, { channel: pointChannel(userId) });
  expect(ack).toMatchObject({ ok: true });
  return socket;
}

const nextPoint = (socket: Socket) =>
  new Promise<{ message: string; points?: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no point-event within 5 s')), 5000);
    socket.once(REALTIME_EVENTS.point, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** A completed content, recorded as the player records it. */
const completeContent = (db: Db, company: CompanyRow, userId: number, contentId: number) =>
  inTenant(db, company.id, (tx) =>
    record(
      tx,
      { companyId: company.id, userId, ip: null, requestId: null },
      { action: 'content.completed', entity: 'content', id: contentId, after: { user_id: userId } },
    ),
  );

describe('point-event on one node', () => {
  it('reaches the learner’s tab in their language when a content is completed, and once only', async () => {
    const test = await createTestApp();
    try {
      const company = await test.factories.createCompany();
      const learner = await test.factories.createUser(company, { language: 'tr' });
      const token = (await login(test.app, company, learner.email ?? '')).access_token;
      await inTenant(test.db, company.id, (tx) => ensurePointRules(tx, company.id, 1));
      await test.app.listen({ port: 0, host: '127.0.0.1' });
      const tab = await tabOn(test.app, company, token, learner.id);
      const first = nextPoint(tab);
      await completeContent(test.db, company, learner.id, 501);
      expect(await first).toEqual({ message: 'Tebrikler, 10 puan kazandınız: İçerik tamamlama', points: 10 });
      let more = 0;
      tab.on(REALTIME_EVENTS.point, () => more++);
      await completeContent(test.db, company, learner.id, 501);
      await test.settle();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(more).toBe(0);
    } finally {
      await test.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('point-event across nodes sharing Redis', () => {
  it('an award made on node B reaches the learner connected to node A', async () => {
    const { nodes, close } = await createTestNodes();
    try {
      const [nodeA, nodeB] = nodes as [BuiltApp, BuiltApp];
      for (const node of nodes) await node.app.listen({ port: 0, host: '127.0.0.1' });
      const f = factories(nodeA.platform.database.db);
      const company = await f.createCompany();
      const learner = await f.createUser(company, { language: 'en' });
      const token = (await login(nodeA.app, company, learner.email ?? '')).access_token;
      await inTenant(nodeA.platform.database.db, company.id, (tx) => ensurePointRules(tx, company.id, 1));
      const tab = await tabOn(nodeA.app, company, token, learner.id);
      const point = nextPoint(tab);
      // Both nodes share one Database object here, whose events go to the bus built last: node B's subscribers
      // award, node B's realtime pushes, and Redis carries it to node A.
      await completeContent(nodeB.platform.database.db, company, learner.id, 777);
      expect(await point).toEqual({ message: 'Congratulations, you earned 10 points: Content completed', points: 10 });
    } finally {
      await close();
    }
  });
});

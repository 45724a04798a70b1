import { randomBytes } from 'node:crypto';
import type { Session } from '@kampus/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CompanyRow, factories } from '../../../test/factories.js';
import {
  call,
  createTestApp,
  createTestNodes,
  eventually,
  freePort,
  hostOf,
  login,
  type TestApp,
} from '../../../test/helpers.js';
import { hasRedisServer, redisServer } from '../../../test/redis-server.js';
import type { BuiltApp } from '../../app.js';
import { asSystem } from '../../db/scope.js';
import { createSessionRevocations, type SessionRevocations } from './revocations.js';

function quietLog() {
  const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn() };
  return log as typeof log & FastifyBaseLogger;
}

/** A database with signed-in people, whose sessions the revocation lists under test end. */
describe('session revocations', () => {
  let test: TestApp;
  let company: CompanyRow;
  const lists: SessionRevocations[] = [];

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
  });
  afterAll(async () => {
    for (const list of lists) await list.close();
    await test.close();
  });

  const newSession = async (): Promise<Session> =>
    login(test.app, company, (await test.factories.createUser(company)).email ?? '');
  const revokeOn = (list: SessionRevocations, session: Session) =>
    asSystem(test.db, (tx) => list.revoke(tx, { companyId: company.id, familyId: sidOf(session) }));
  const sidOf = (session: Session) =>
    JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString()).sid as string;

  function listOn(redis: Redis | undefined, secret: string, log = quietLog()) {
    const list = createSessionRevocations({ ttlSeconds: 900, secret, redis, log });
    lists.push(list);
    return list;
  }

  it('denylists what it revokes, tells its listeners, and forgets nothing it did not revoke', async () => {
    const list = listOn(undefined, 'no-redis');
    const heard: string[] = [];
    list.onRevoked((ids) => heard.push(...ids));
    const [ended, other] = [await newSession(), await newSession()];
    expect(await revokeOn(list, ended)).toEqual([sidOf(ended)]);
    expect(list.isRevoked(sidOf(ended))).toBe(true);
    expect(list.isRevoked(sidOf(other))).toBe(false);
    expect(heard).toEqual([sidOf(ended)]);
    // Already revoked: nothing left to revoke.
    expect(await revokeOn(list, ended)).toEqual([]);
  });

  it('learns the families revoked within the token lifetime from the database after a restart', async () => {
    const session = await newSession();
    await revokeOn(listOn(undefined, 'before-restart'), session);
    const restarted = listOn(undefined, 'after-restart');
    expect(restarted.isRevoked(sidOf(session))).toBe(false);
    await restarted.loadRecent(test.db);
    expect(restarted.isRevoked(sidOf(session))).toBe(true);
  });

  it('keeps revoking on this node while Redis cannot be reached, and says so in the log', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await freePort()}`, { maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    const log = quietLog();
    const list = listOn(redis, randomBytes(8).toString('hex'), log);
    const session = await newSession();
    expect(await revokeOn(list, session)).toEqual([sidOf(session)]);
    expect(list.isRevoked(sidOf(session))).toBe(true);
    await eventually(() => log.warn.mock.calls.length > 0, 'a warning about Redis');
    redis.disconnect();
  });

  describe.runIf(hasRedisServer)('between nodes, through a Redis that goes away and comes back', () => {
    let port: number;
    let server: ReturnType<typeof redisServer>;
    const clients: Redis[] = [];
    const client = () => {
      const redis = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
      redis.on('error', () => undefined);
      clients.push(redis);
      return redis;
    };

    beforeAll(async () => {
      port = await freePort();
      server = redisServer(port);
      await server.start();
    });
    afterAll(async () => {
      for (const redis of clients) redis.disconnect();
      await server.stop();
    });

    it('spreads a revocation at once, catches up after an outage, and teaches a node that starts later', async () => {
      const secret = randomBytes(8).toString('hex');
      const [nodeA, nodeB] = [listOn(client(), secret), listOn(client(), secret)];
      const stranger = listOn(client(), 'another-deployment');
      const [first, second] = [await newSession(), await newSession()];
      await revokeOn(nodeA, first);
      await eventually(() => nodeB.isRevoked(sidOf(first)), 'node B to hear of the first revocation');

      await server.stop();
      expect(await revokeOn(nodeA, second)).toEqual([sidOf(second)]);
      expect(nodeA.isRevoked(sidOf(second))).toBe(true);
      expect(nodeB.isRevoked(sidOf(second))).toBe(false);

      await server.start();
      await eventually(() => nodeB.isRevoked(sidOf(second)), 'node B to catch up after the outage');
      const later = listOn(client(), secret);
      await eventually(() => later.isRevoked(sidOf(first)) && later.isRevoked(sidOf(second)), 'a new node');
      expect(stranger.isRevoked(sidOf(first)) || stranger.isRevoked(sidOf(second))).toBe(false);
    });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('a logout across API nodes sharing Redis', () => {
  let nodes: BuiltApp[] = [];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ nodes, close } = await createTestNodes());
  });
  afterAll(() => close());

  it('is refused on the other node within seconds, not after the access token expires', async () => {
    const [nodeA, nodeB] = nodes as [BuiltApp, BuiltApp];
    const f = factories(nodeA.platform.database.db);
    const company = await f.createCompany();
    const user = await f.createUser(company);
    const session = await login(nodeA.app, company, user.email ?? '');
    const profileOnB = () =>
      call(nodeB.app, 'GET', '/api/user', { host: hostOf(company), token: session.access_token });
    expect((await profileOnB()).statusCode).toBe(200);

    const out = await call(nodeA.app, 'POST', '/api/logout', { host: hostOf(company), token: session.access_token });
    expect(out.statusCode).toBe(200);
    await eventually(async () => (await profileOnB()).statusCode === 401, 'node B to refuse the token', {
      timeoutMs: 5_000,
    });
  });
});

import type { AddressInfo } from 'node:net';
import { presenceChannel, REALTIME_EVENTS, REALTIME_PATH, type SubscribeAck } from '@kampus/shared';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRow, TEST_PASSWORD, type UserRow } from '../../test/factories.js';
import { call, createTestApp, eventually, freePort, hostOf, login, type TestApp } from '../../test/helpers.js';
import { hasRedisServer, redisServer } from '../../test/redis-server.js';

if (!hasRedisServer)
  console.warn('redis-outage.test.ts skipped: `redis-server` is not on PATH (apt install redis-server).');

describe.runIf(hasRedisServer)('the API without its Redis', () => {
  let test: TestApp;
  let company: CompanyRow;
  let user: UserRow;
  let port: number;
  let redis: ReturnType<typeof redisServer>;

  const signIn = (password: string) =>
    call(test.app, 'POST', '/api/token', {
      host: hostOf(company),
      body: { grant_type: 'password', username: user.email, password },
    });
  const readiness = async () => (await call(test.app, 'GET', '/api/ready', { host: '127.0.0.1' })).json();

  beforeAll(async () => {
    port = await freePort();
    redis = redisServer(port);
    // Redis is not running yet: the app must start anyway.
    test = await createTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      LOGIN_MAX_FAILURES_PER_IP: '4',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100',
    });
    company = await test.factories.createCompany();
    user = await test.factories.createUser(company);
  });
  afterAll(async () => {
    await test?.close();
    await redis?.stop();
  });

  it('starts without Redis, says it is degraded, and signs people in from this node', async () => {
    const ready = await call(test.app, 'GET', '/api/ready', { host: '127.0.0.1' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'degraded', redis: 'down', database: { status: 'up' } });
    expect((await signIn('Wrong-Password-1')).statusCode).toBe(401);
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps presence working on this node while Redis is away', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const token = (await login(test.app, company, user.email ?? '')).access_token;
    const { port: appPort } = test.app.server.address() as AddressInfo;
    const socket: Socket = io(`http://127.0.0.1:${appPort}`, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      extraHeaders: { host: hostOf(company) },
      auth: { token, lang: 'en' },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(undefined));
        socket.once('connect_error', reject);
      });
      const ack: SubscribeAck = await socket
        .timeout(5000)
        .emitWithAck(REALTIME_EVENTS.subscribe, { channel: presenceChannel(company.id) });
      expect(ack).toMatchObject({ ok: true, members: [{ user: { id: user.id } }] });
    } finally {
      socket.disconnect();
    }
  });

  it('uses Redis once it starts: the failure counts land there', async () => {
    await redis.start();
    await eventually(async () => (await readiness()).status === 'ready', 'readiness to say ready', {
      timeoutMs: 15_000,
    });
    expect((await signIn('Wrong-Password-2')).statusCode).toBe(401);
    const probe = new Redis({ port, host: '127.0.0.1' });
    try {
      expect(await probe.keys('login-ip*')).not.toHaveLength(0);
    } finally {
      probe.disconnect();
    }
  });

  it('keeps answering sign-ins when Redis stops, and still counts failures on this node', async () => {
    await redis.stop();
    await eventually(async () => (await readiness()).status === 'degraded', 'readiness to say degraded', {
      timeoutMs: 15_000,
    });
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 8 && !answers.includes(429); attempt++) {
      answers.push((await signIn('Wrong-Password-3')).statusCode);
    }
    // Never a 500: wrong passwords are 401 until this node's own count reaches the per-IP limit.
    expect(answers.every((status) => status === 401 || status === 429)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('reconnects by itself when Redis is back', async () => {
    await redis.start();
    await eventually(async () => (await readiness()).status === 'ready', 'readiness to say ready again', {
      timeoutMs: 15_000,
    });
    expect((await readiness()).redis).toBe('up');
  });
});

describe.runIf(hasRedisServer)('closing the API while its Redis is down', () => {
  it('does not wait for Redis', async () => {
    const test = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    await expect(test.close()).resolves.toBeUndefined();
  });
});

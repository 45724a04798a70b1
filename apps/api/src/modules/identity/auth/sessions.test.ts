import type { AddressInfo } from 'node:net';
import { REALTIME_PATH, type Session } from '@kampus/shared';
import { and, countDistinct, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { ONE_TIME_PURPOSE, oneTimeTokens, refreshTokens } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import { hashToken, randomToken } from '../../../platform/auth/secrets.js';

/**
 * Issue 9, "Sessions": a session that ended (logout, password reset or change, a passive or deleted person) is refused
 * on the very next request, not once its access token expires, and cannot be turned into a new session.
 */
describe('sessions that really end', () => {
  let test: TestApp;
  let holding: CompanyRow;
  let retail: CompanyRow;
  let branded: CompanyRow;
  let admin: UserRow;
  let superAdmin: UserRow;

  beforeAll(async () => {
    test = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
    const f = test.factories;
    holding = await f.createCompany({ isGroupAlias: true, canSwitchCompany: true });
    retail = await f.createCompany({ parentId: holding.id });
    branded = await f.createCompany({ parentId: holding.id, customDomain: 'academy.example.test' });
    admin = await f.createAdmin(holding);
    superAdmin = await f.createSuperAdmin(holding);
  });
  afterAll(() => test.close());

  const person = () => test.factories.createUser(holding);
  const signIn = (user: UserRow) => login(test.app, holding, user.email ?? '');
  const profile = (token: string) => call(test.app, 'GET', '/api/user', { host: hostOf(holding), token });
  const refresh = (session: Session) =>
    call(test.app, 'POST', '/api/token/refresh', {
      host: hostOf(holding),
      body: { refresh_token: session.refresh_token },
    });
  const changeCompany = (session: Session, company: CompanyRow) =>
    call(test.app, 'POST', '/api/change-company', {
      host: hostOf(holding),
      token: session.access_token,
      body: { company_id: company.id },
    });
  const asAdmin = async (method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(test.app, method, url, { host: hostOf(holding), token: (await signIn(admin)).access_token, body });

  /** How many sessions (refresh families) were ever opened for a user. */
  const sessionsOf = async (user: UserRow) => {
    const [row] = await asSystem(test.db, (tx) =>
      tx
        .select({ value: countDistinct(refreshTokens.familyId) })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, user.id)),
    );
    return row?.value ?? 0;
  };

  /** A password reset as the emailed link performs it (the link itself is issued directly here). */
  async function resetPassword(user: UserRow) {
    const token = randomToken();
    await asSystem(test.db, (tx) =>
      tx.insert(oneTimeTokens).values({
        companyId: holding.id,
        userId: user.id,
        purpose: ONE_TIME_PURPOSE.passwordReset,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 3_600_000),
      }),
    );
    const password = 'Brand-New-Passphrase-7';
    const reset = await call(test.app, 'POST', '/api/reset-password', {
      host: hostOf(holding),
      body: { token, password, password_confirmation: password },
    });
    expect(reset.statusCode).toBe(200);
  }

  const endings: [string, (user: UserRow, session: Session) => Promise<void>][] = [
    [
      'a logout',
      async (_user, session) => {
        const out = await call(test.app, 'POST', '/api/logout', { host: hostOf(holding), token: session.access_token });
        expect(out.statusCode).toBe(200);
      },
    ],
    ['a password reset', (user) => resetPassword(user)],
    [
      'an admin making the person passive',
      async (user) => {
        expect((await asAdmin('PUT', `/api/admin/users/${user.id}`, { status: 0 })).statusCode).toBe(200);
      },
    ],
    [
      'a bulk status change to passive',
      async (user) => {
        const bulk = await asAdmin('POST', '/api/admin/users/bulk', { action: 'status', ids: [user.id], status: 0 });
        expect(bulk.statusCode).toBe(200);
      },
    ],
  ];

  it.each(endings)(
    'refuses the access token at once after %s, and change-company gives no new session',
    async (_, end) => {
      const user = await person();
      const session = await signIn(user);
      expect((await profile(session.access_token)).statusCode).toBe(200);
      await end(user, session);
      const opened = await sessionsOf(user);

      expect((await profile(session.access_token)).statusCode).toBe(401);
      const switched = await changeCompany(session, retail);
      expect(switched.statusCode).toBe(401);
      expect(switched.json()).toMatchObject({ message: expect.any(String) });
      // The custom-domain branch would hand out a one-time login link instead: refused the same way.
      expect((await changeCompany(session, branded)).statusCode).toBe(401);
      expect((await refresh(session)).statusCode).toBe(401);
      expect(await sessionsOf(user)).toBe(opened);
    },
  );

  it('refuses the access token of a deleted person at once', async () => {
    const user = await person();
    const session = await signIn(user);
    expect((await asAdmin('DELETE', `/api/admin/users/${user.id}`)).statusCode).toBe(200);
    expect((await profile(session.access_token)).statusCode).toBe(401);
    expect((await changeCompany(session, retail)).statusCode).toBe(401);
  });

  it('lets a reactivated person sign in again', async () => {
    const user = await person();
    expect((await asAdmin('PUT', `/api/admin/users/${user.id}`, { status: 0 })).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/users/${user.id}/reactivate`)).statusCode).toBe(200);
    const session = await signIn(user);
    expect((await profile(session.access_token)).statusCode).toBe(200);
    expect((await changeCompany(session, retail)).statusCode).toBe(200);
  });

  it('refuses change-company from a session whose family the database revoked, even with no denylist entry', async () => {
    // A node that restarted without Redis has an empty list: the database still says the session is over.
    const user = await person();
    const session = await signIn(user);
    await asSystem(test.db, (tx) =>
      tx.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, user.id)),
    );
    expect((await changeCompany(session, retail)).statusCode).toBe(401);
  });

  it('keeps a live session switching companies, and ends the old one at once', async () => {
    const user = await person();
    const session = await signIn(user);
    const switched = await changeCompany(session, retail);
    expect(switched.statusCode).toBe(200);
    const next = switched.json() as Session;
    expect((await profile(next.access_token)).statusCode).toBe(200);
    expect((await profile(session.access_token)).statusCode).toBe(401);
  });

  it('refuses impersonation from a super admin session that has ended', async () => {
    const target = await person();
    const own = await signIn(superAdmin);
    const impersonate = () =>
      call(test.app, 'POST', `/api/impersonate/${target.id}`, { host: hostOf(holding), token: own.access_token });
    expect((await impersonate()).statusCode).toBe(200);
    await call(test.app, 'POST', '/api/logout', { host: hostOf(holding), token: own.access_token });
    const opened = await sessionsOf(target);
    expect((await impersonate()).statusCode).toBe(401);
    expect(await sessionsOf(target)).toBe(opened);
  });

  it('ends the impersonation session at once when the super admin leaves it', async () => {
    const target = await person();
    const own = await signIn(superAdmin);
    const started = await call(test.app, 'POST', `/api/impersonate/${target.id}`, {
      host: hostOf(holding),
      token: own.access_token,
    });
    const acting = started.json() as Session;
    const left = await call(test.app, 'DELETE', '/api/impersonate/leaving', {
      host: hostOf(holding),
      token: acting.access_token,
    });
    expect(left.statusCode).toBe(200);
    expect((await profile(acting.access_token)).statusCode).toBe(401);
    expect((await profile(own.access_token)).statusCode).toBe(200);
  });

  it('refuses every token of a family once a rotated refresh token is presented again', async () => {
    const user = await person();
    const first = await signIn(user);
    const second = (await refresh(first)).json() as Session;
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await profile(second.access_token)).statusCode).toBe(401);
  });

  describe('changing one’s password (PUT api/user)', () => {
    const newPassword = 'Another-Passphrase-8';
    const changePassword = (session: Session, password: string) =>
      call(test.app, 'PUT', '/api/user', {
        host: hostOf(holding),
        token: session.access_token,
        body: { current_password: 'Correct-Horse-42', password, password_confirmation: password },
      });

    it('keeps the session that changed it and ends every other one, refresh and access tokens alike', async () => {
      const user = await person();
      const here = await signIn(user);
      const phone = await signIn(user);
      const laptop = await signIn(user);
      expect((await changePassword(here, newPassword)).statusCode).toBe(200);

      expect((await profile(here.access_token)).statusCode).toBe(200);
      expect((await refresh(here)).statusCode).toBe(200);
      for (const other of [phone, laptop]) {
        expect((await profile(other.access_token)).statusCode).toBe(401);
        expect((await refresh(other)).statusCode).toBe(401);
      }
    });

    it('ends nothing when the current password is wrong', async () => {
      const user = await person();
      const here = await signIn(user);
      const other = await signIn(user);
      const wrong = await call(test.app, 'PUT', '/api/user', {
        host: hostOf(holding),
        token: here.access_token,
        body: { current_password: 'not-my-password', password: newPassword, password_confirmation: newPassword },
      });
      expect(wrong.statusCode).toBe(422);
      expect((await profile(other.access_token)).statusCode).toBe(200);
      expect((await refresh(other)).statusCode).toBe(200);
    });

    it('reaches the sessions a group user opened on a sub-company host', async () => {
      const user = await person();
      const here = await signIn(user);
      const onRetail = await login(test.app, retail, user.email ?? '');
      expect((await changePassword(here, newPassword)).statusCode).toBe(200);
      const onRetailProfile = await call(test.app, 'GET', '/api/user', {
        host: hostOf(retail),
        token: onRetail.access_token,
      });
      expect(onRetailProfile.statusCode).toBe(401);
      const [live] = await asSystem(test.db, (tx) =>
        tx
          .select({ value: countDistinct(refreshTokens.familyId) })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.companyId, retail.id), eq(refreshTokens.userId, user.id))),
      );
      expect(live?.value).toBe(1);
      const renewed = await call(test.app, 'POST', '/api/token/refresh', {
        host: hostOf(retail),
        body: { refresh_token: onRetail.refresh_token },
      });
      expect(renewed.statusCode).toBe(401);
    });
  });

  describe('realtime', () => {
    const sockets = new Set<Socket>();
    afterEach(() => {
      for (const socket of sockets) socket.disconnect();
      sockets.clear();
    });

    function open(token: string): Socket {
      const { port } = test.app.server.address() as AddressInfo;
      const socket = io(`http://127.0.0.1:${port}`, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        extraHeaders: { host: hostOf(holding) },
        auth: { token, lang: 'en' },
        reconnection: false,
        forceNew: true,
      });
      sockets.add(socket);
      return socket;
    }
    const outcome = (socket: Socket) =>
      new Promise<'connected' | number>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error: Error & { data?: { status: number } }) =>
          resolve(error.data?.status ?? 0),
        );
      });

    it('drops the open sockets of a session that ends, and refuses its handshake afterwards', async () => {
      await test.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await person();
      const session = await signIn(user);
      const socket = open(session.access_token);
      expect(await outcome(socket)).toBe('connected');
      const dropped = new Promise<string>((resolve) => {
        // A bound for a broken run only: the drop itself comes as the logout answers.
        const timer = setTimeout(() => resolve('still connected'), 5_000);
        socket.once('disconnect', (reason) => {
          clearTimeout(timer);
          resolve(reason);
        });
      });

      await call(test.app, 'POST', '/api/logout', { host: hostOf(holding), token: session.access_token });
      expect(await dropped).toBe('io server disconnect');
      expect(await outcome(open(session.access_token))).toBe(401);
    });
  });
});

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type CodeChannel,
  DEFAULT_LOGIN_OPTIONS,
  invitationPayloadSchema,
  isLocale,
  type Locale,
  loginOptionsSchema,
  ONE_TIME_LOGIN_TTL_SECONDS,
  type PasswordOwner,
  ROLE,
  type Session,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  type SmsChallenge,
} from '@kampus/shared';
import { z } from 'zod';
import { publicOrigin } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { USER_STATUS } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import type { Actor, Initiator } from '../../../platform/actor.js';
import {
  assertAcceptablePassword as assertPasswordPolicy,
  hashPassword,
  verifyPassword,
} from '../../../platform/auth/passwords.js';
import { hashToken, randomDigits, randomToken } from '../../../platform/auth/secrets.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { forbidden, HttpError, invalidFields, notFound, unauthenticated } from '../../../platform/http/errors.js';
import { translator } from '../../../platform/i18n.js';
import { AWAITED_JOB_PRIORITY } from '../../../platform/jobs.js';
import { EVENT_MAIL_JOB, eventMail } from '../../../platform/mail-templates.js';
import type { HostCompany } from '../../../platform/tenancy.js';
import { findCompanyMenu, findEnabledModules } from '../../frame/widgets/service.js';
import * as q from './queries.js';
import { loginFailureKey, normaliseIdentifier } from './throttle.js';

const PASSWORD_RESET_TTL_MINUTES = 60;
const PASSWORD_CREATE_TTL_DAYS = 7;
const VERIFICATION_TTL_DAYS = 7;
const INVITATION_TTL_DAYS = 14;
/** The audit action of a sign-in; the admin dashboard counts these rows. */
export const SIGN_IN_AUDIT_ACTION = 'user.signed_in';

/** What a service needs to know of the request it serves. */
export interface RequestMeta {
  host: HostCompany;
  lang: Locale;
  ip: string;
  requestId: string;
}

/** A visitor's flow in the audit trail: the host's company (or another), and the person the flow found, if any. */
const visitorOf = (meta: RequestMeta, userId: number | null, companyId = meta.host.id): Initiator => ({
  companyId,
  userId,
  ip: meta.ip,
  requestId: meta.requestId,
});

/** The session an access token names, for flows that start a new session from it. */
export type { SmsChallenge } from '@kampus/shared';

const languageOf = (user: q.UserRow): Locale => (isLocale(user.language) ? user.language : 'tr');
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

function maskPhone(phone: string): string {
  return phone.length <= 4 ? '****' : `${phone.slice(0, 3)} *** ** ${phone.slice(-2)}`;
}

/** Enough of an address for its owner to recognise it: `a***@example.com`. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

const mailJobSchema = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string() });
const smsJobSchema = z.object({ to: z.string(), text: z.string() });
const forgotJobSchema = z.object({ companyId: z.number(), identifier: z.string(), lang: z.string() });

export function createAuthService(platform: Platform) {
  const { database, config, signer, jobs, limiters, sessions } = platform;
  const db = database.db;

  // Single mails and codes someone waits for; bulk mail goes through its own jobs at the default priority.
  const awaited = () => AWAITED_JOB_PRIORITY;
  jobs.register({
    name: 'mail.send',
    schema: mailJobSchema,
    handle: (m) => platform.mailer.send(m),
    priority: awaited,
  });
  jobs.register({ name: 'sms.send', schema: smsJobSchema, handle: (m) => platform.sms.send(m), priority: awaited });
  jobs.register({
    name: 'auth.forgot-password',
    schema: forgotJobSchema,
    handle: sendPasswordResetLink,
    priority: awaited,
  });

  const originOf = (company: Pick<HostCompany, 'slug' | 'customDomain'>) =>
    publicOrigin(config, company.customDomain ?? `${company.slug}.${config.BASE_DOMAIN}`);

  async function loginOptionsOf(tx: Db, companyId: number) {
    const parsed = loginOptionsSchema.safeParse(await q.findSetting(tx, companyId, 'login_options'));
    return parsed.success ? parsed.data : DEFAULT_LOGIN_OPTIONS;
  }

  /** Companies a user may act in: home, its sub-companies when the group allows switching, and any company it holds a role in. Null: any (super admin). */
  async function allowedCompaniesOf(
    tx: Db,
    user: q.UserRow,
    grants: q.RoleGrant[],
    knownHome?: q.CompanyRow,
  ): Promise<number[] | null> {
    if (grants.some((g) => g.roleId === ROLE.superAdmin)) return null;
    const home = knownHome ?? (await q.findCompany(tx, user.companyId));
    const children = home?.isGroupAlias && home.canSwitchCompany ? await q.findChildCompanyIds(tx, home.id) : [];
    return [...new Set([user.companyId, ...children, ...grants.map((g) => g.companyId)])];
  }

  /** Builds the session body and issues its token pair: a new refresh family, or the next token of an existing one. */
  async function issueSession(
    tx: Db,
    input: {
      user: q.UserRow;
      hostCompanyId: number;
      actingCompanyId: number;
      impersonatorId?: number | null;
      familyId?: string;
    },
  ): Promise<Session> {
    const { user, hostCompanyId, actingCompanyId } = input;
    const grants = await q.findRoleGrants(tx, user.id);
    const applicable = grants.filter((g) => g.companyId === actingCompanyId || g.companyId === user.companyId);
    const roleList = [...new Map(applicable.map((g) => [g.roleId, g])).values()];
    const roleIds = roleList.map((g) => g.roleId);
    const acting = await q.findCompany(tx, actingCompanyId);
    if (!acting) throw notFound();
    const modules = await findEnabledModules(tx, actingCompanyId);
    const [permissionsByRole, allowed, menu, impersonator] = await Promise.all([
      q.findPermissionNames(tx, roleIds),
      allowedCompaniesOf(tx, user, grants, acting.id === user.companyId ? acting : undefined),
      // The session's copy of the side menu is the one GET api/widgets?by_user=true serves, active items only.
      findCompanyMenu(tx, actingCompanyId, {
        language: languageOf(user),
        byUser: true,
        activeOnly: true,
        enabledModules: modules,
      }),
      input.impersonatorId ? q.findUserById(tx, input.impersonatorId) : undefined,
    ]);
    const familyId = input.familyId ?? randomUUID();
    const refreshToken = randomToken();
    await q.insertRefreshToken(tx, {
      companyId: hostCompanyId,
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      actingCompanyId,
      impersonatorId: input.impersonatorId ?? null,
      expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL * 1000),
    });
    const permissionNames = [...new Set([...permissionsByRole.values()].flat())].sort();
    const accessToken = await signer.sign({
      sub: String(user.id),
      hid: hostCompanyId,
      hco: user.companyId,
      cid: actingCompanyId,
      sid: familyId,
      rol: roleIds,
      prm: permissionNames,
      cos: allowed,
      ...(input.impersonatorId ? { imp: input.impersonatorId } : {}),
    });
    const language = languageOf(user);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: signer.ttlSeconds,
      id: user.id,
      name: user.name,
      surname: user.surname,
      email: user.email,
      photo: user.photo,
      language,
      company_id: acting.id,
      company_name: acting.name,
      company: { id: acting.id, name: acting.name },
      menu,
      modules,
      roles: roleList.map((g) => ({
        id: g.roleId,
        name: g.roleName,
        permissions: (permissionsByRole.get(g.roleId) ?? []).map((name) => ({ name })),
      })),
      scopes: applicable.map((g) => ({ role_user_id: g.roleUserId, company_id: g.companyId, role_id: g.roleId })),
      impersonator: impersonator
        ? { id: impersonator.id, name: impersonator.name, surname: impersonator.surname }
        : null,
    };
  }

  function assertActive(user: q.UserRow): void {
    if (user.status === USER_STATUS.pendingApproval) throw forbidden('errors.user_pending_approval');
    if (user.status !== USER_STATUS.active) throw forbidden('errors.user_passive');
  }

  /** A new password for this person: the policy, with their own details (name, email, username, phone) refused. */
  function assertAcceptablePassword(password: string, owner?: q.UserRow | PasswordOwner): void {
    assertPasswordPolicy(password, owner ?? {});
  }

  /**
   * A person proved who they are (password, SMS code, invitation). The sign-in is audited in the person's own company,
   * whose admin dashboard counts it; the host it happened on is kept beside it.
   */
  async function startSession(tx: Db, user: q.UserRow, meta: RequestMeta): Promise<Session> {
    await q.updateUser(tx, user.id, { lastLoginAt: new Date() });
    await record(tx, visitorOf(meta, user.id, user.companyId), {
      action: SIGN_IN_AUDIT_ACTION,
      entity: 'user',
      id: user.id,
      after: { host_company_id: meta.host.id },
    });
    return issueSession(tx, { user, hostCompanyId: meta.host.id, actingCompanyId: meta.host.id });
  }

  /**
   * POST api/token: password sign-in with the identifiers the company allows. Failures are throttled per IP (429) and
   * counted per account (any spelling, any host); past the account's limit the right password is not enough and a
   * one-time code goes to the owner, but the owner is never locked out (a lock would let anyone keep them out).
   */
  async function login(
    input: { username: string; password: string },
    meta: RequestMeta,
  ): Promise<Session | SmsChallenge> {
    // Only failures count: an office behind one address signs many people in, but seldom fails much.
    await limiters.loginFailuresPerIp.check(meta.ip);

    const { candidate, options } = await asSystem(db, async (tx) => {
      const options = await loginOptionsOf(tx, meta.host.id);
      return { options, candidate: await q.findLoginCandidate(tx, meta.host, input.username, options.identifiers) };
    });
    const passwordMatches = await verifyPassword(candidate?.passwordHash, input.password);
    const allowedHere =
      candidate !== undefined &&
      (candidate.isSuperAdmin ||
        (await asSystem(db, async (tx) => {
          const allowed = await allowedCompaniesOf(tx, candidate, await q.findRoleGrants(tx, candidate.id));
          return allowed === null || allowed.includes(meta.host.id);
        })));
    const failureKey = loginFailureKey(candidate, input.username);
    if (!candidate || !passwordMatches || !allowedHere) {
      await Promise.all([
        limiters.loginFailuresPerIp.consume(meta.ip).catch(() => undefined),
        limiters.loginFailuresPerAccount.consume(failureKey).catch(() => undefined),
      ]);
      throw unauthenticated('errors.invalid_credentials');
    }
    assertActive(candidate);

    if (await limiters.loginFailuresPerAccount.isOver(failureKey)) {
      const channel = codeChannelOf(candidate, options.sms_two_factor);
      // Nowhere to send a code: only then does the limit hold the account until its window ends.
      if (!channel) await limiters.loginFailuresPerAccount.check(failureKey);
      else return startCodeChallenge(candidate, channel, meta);
    }
    await limiters.loginFailuresPerAccount.reset(failureKey);
    if (options.sms_two_factor && candidate.phone) return startCodeChallenge(candidate, 'sms', meta);
    return asSystem(db, (tx) => startSession(tx, candidate, meta));
  }

  /** Where the code of an account past its failure limit goes: the company's SMS factor, else the account's mail. */
  function codeChannelOf(user: q.UserRow, companyUsesSms: boolean): CodeChannel | null {
    if (companyUsesSms && user.phone) return 'sms';
    if (user.email) return 'email';
    return null;
  }

  /**
   * A one-time code by SMS or mail that POST api/auth-validation exchanges for a session. Both channels share the
   * `sms_login` one-time purpose (the stored name of the flow); the channel is kept beside the code.
   */
  async function startCodeChallenge(user: q.UserRow, channel: CodeChannel, meta: RequestMeta): Promise<SmsChallenge> {
    const challenge = randomToken();
    const code = randomDigits(6);
    const minutes = SMS_CODE_TTL_SECONDS / 60;
    const language = isLocale(user.language) ? user.language : meta.lang;
    // The code and its message are written together: no code without its message, no message without its code.
    await asSystem(db, async (tx) => {
      await q.insertOneTimeToken(tx, {
        companyId: meta.host.id,
        userId: user.id,
        purpose: q.ONE_TIME_PURPOSE.smsLogin,
        tokenHash: hashToken(challenge),
        data: { code_hash: hashToken(code), channel },
        expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
      });
      if (channel === 'sms') {
        const text = translator(language)('sms.login_code', { company: meta.host.name, code, minutes });
        await jobs.enqueue(tx, 'sms.send', { to: user.phone, text });
      } else {
        await jobs.enqueue(
          tx,
          EVENT_MAIL_JOB,
          eventMail({
            to: user.email ?? '',
            companyId: meta.host.id,
            language,
            event: 'sign_in_code',
            variables: { name: user.name, company: meta.host.name, code, minutes },
          }),
        );
      }
    });
    return {
      message: translator(meta.lang)(channel === 'sms' ? 'auth.sms_code_sent' : 'auth.code_sent_by_mail'),
      requires_sms_code: true,
      channel,
      challenge,
      phone_hint: channel === 'sms' ? maskPhone(user.phone ?? '') : maskEmail(user.email ?? ''),
      expires_in: SMS_CODE_TTL_SECONDS,
    };
  }

  /** POST api/auth-validation: the code of a challenge (SMS or mail); five wrong codes void it. */
  async function validateSmsCode(input: { challenge: string; code: string }, meta: RequestMeta): Promise<Session> {
    await limiters.codePerIp.consume(meta.ip);
    return asSystem(db, async (tx) => {
      const token = await q.findUsableOneTimeToken(
        tx,
        meta.host.id,
        q.ONE_TIME_PURPOSE.smsLogin,
        hashToken(input.challenge),
      );
      if (!token || token.attempts >= SMS_CODE_MAX_ATTEMPTS) throw unauthenticated('errors.code_expired');
      const expected = Buffer.from(String(token.data.code_hash));
      const given = Buffer.from(hashToken(input.code));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const attempts = await q.countSmsAttempt(tx, token.id);
        if (attempts >= SMS_CODE_MAX_ATTEMPTS) await q.consumeOneTimeToken(tx, token.id);
        return { failed: attempts >= SMS_CODE_MAX_ATTEMPTS ? 'errors.code_expired' : 'errors.code_invalid' };
      }
      if (!(await q.consumeOneTimeToken(tx, token.id))) throw unauthenticated('errors.code_expired');
      const user = await q.findUserForHost(tx, token.userId, meta.host);
      if (!user) throw unauthenticated('errors.code_expired');
      assertActive(user);
      return { session: await startSession(tx, user, meta) } as const;
    }).then(async (result) => {
      // A wrong code must be counted even though the request fails, so the transaction commits first.
      if ('failed' in result) throw unauthenticated(result.failed);
      // The owner proved the password and the phone or mailbox: their failed sign-ins are forgiven.
      await limiters.loginFailuresPerAccount.reset(loginFailureKey(result.session, ''));
      return result.session;
    });
  }

  /** POST api/token/refresh: rotates the refresh token; a rotated one presented again revokes its whole family. */
  async function refresh(refreshToken: string, meta: RequestMeta): Promise<Session> {
    const tokenHash = hashToken(refreshToken);
    const outcome = await asSystem(db, async (tx) => {
      const current = await q.rotateRefreshToken(tx, meta.host.id, tokenHash);
      if (!current) {
        const known = await q.findRefreshToken(tx, meta.host.id, tokenHash);
        if (known?.rotatedAt && !known.revokedAt) {
          await sessions.revoke(tx, { companyId: meta.host.id, familyId: known.familyId });
          await record(tx, visitorOf(meta, known.userId), {
            action: 'session.refresh_reuse_detected',
            entity: 'user',
            id: known.userId,
          });
        }
        return null;
      }
      const user = await q.findUserForHost(tx, current.userId, meta.host);
      if (!user || user.status !== USER_STATUS.active) {
        await sessions.revoke(tx, { companyId: meta.host.id, familyId: current.familyId });
        return null;
      }
      return issueSession(tx, {
        user,
        hostCompanyId: meta.host.id,
        actingCompanyId: current.actingCompanyId,
        impersonatorId: current.impersonatorId,
        familyId: current.familyId,
      });
    });
    if (!outcome) throw unauthenticated('errors.refresh_invalid');
    return outcome;
  }

  /** POST api/logout: revokes the session's refresh family. */
  async function logout(hostCompanyId: number, sessionId: string): Promise<void> {
    await asSystem(db, (tx) => sessions.revoke(tx, { companyId: hostCompanyId, familyId: sessionId }));
  }

  /**
   * POST api/forgot-password: always the same answer; the lookup and mail run as a job, off the response time.
   * Throttled per address and per target (the identifier normalised, on every host: one mailbox), known or not.
   */
  async function requestPasswordReset(identifier: string, meta: RequestMeta): Promise<void> {
    await limiters.passwordResetsPerIp.consume(meta.ip);
    await limiters.passwordResetsPerTarget.consume(normaliseIdentifier(identifier));
    await jobs.enqueue(db, 'auth.forgot-password', { companyId: meta.host.id, identifier, lang: meta.lang });
  }

  async function sendPasswordResetLink(job: z.infer<typeof forgotJobSchema>): Promise<void> {
    const host = await asSystem(db, (tx) => q.findCompany(tx, job.companyId));
    if (!host) return;
    const token = randomToken();
    const tokenHash = hashToken(token);
    const user = await asSystem(db, async (tx) => {
      const options = await loginOptionsOf(tx, host.id);
      const identifiers = [...new Set(['email' as const, ...options.identifiers])];
      const found = await q.findLoginCandidate(tx, host, job.identifier, identifiers);
      if (!found?.email || found.status !== USER_STATUS.active) {
        // The same round trip on the token table as the insert, so nobody's job lasts as long as someone's.
        await q.findUsableOneTimeToken(tx, host.id, q.ONE_TIME_PURPOSE.passwordReset, tokenHash);
        return undefined;
      }
      await q.insertOneTimeToken(tx, {
        companyId: host.id,
        userId: found.id,
        purpose: q.ONE_TIME_PURPOSE.passwordReset,
        tokenHash,
        expiresAt: minutesFromNow(PASSWORD_RESET_TTL_MINUTES),
      });
      return found;
    });
    // Nobody's mail is composed all the same and sent nowhere: the work after the answer must not tell them apart.
    await jobs.enqueue(
      db,
      EVENT_MAIL_JOB,
      eventMail({
        to: user?.email ?? '',
        decoy: !user?.email,
        companyId: host.id,
        language: user && isLocale(user.language) ? user.language : (job.lang as Locale),
        event: 'password_reset',
        variables: {
          name: user?.name ?? job.identifier,
          company: host.name,
          action_url: `${originOf(host)}/reset-password/${token}`,
          minutes: PASSWORD_RESET_TTL_MINUTES,
        },
      }),
    );
  }

  /** Sends an invited or admin-created user the link to set a first password. */
  async function sendPasswordCreateLink(user: q.UserRow, host: HostCompany): Promise<void> {
    const email = user.email;
    if (!email) return;
    const token = randomToken();
    await asSystem(db, async (tx) => {
      await q.insertOneTimeToken(tx, {
        companyId: host.id,
        userId: user.id,
        purpose: q.ONE_TIME_PURPOSE.passwordCreate,
        tokenHash: hashToken(token),
        expiresAt: minutesFromNow(PASSWORD_CREATE_TTL_DAYS * 24 * 60),
      });
      await jobs.enqueue(
        tx,
        EVENT_MAIL_JOB,
        eventMail({
          to: email,
          companyId: host.id,
          language: languageOf(user),
          event: 'password_create',
          variables: {
            name: user.name,
            company: host.name,
            action_url: `${originOf(host)}/create-password?token=${token}`,
            days: PASSWORD_CREATE_TTL_DAYS,
          },
        }),
      );
    });
  }

  /** api/reset-password and api/create-password: a single-use link sets the password and ends every other session. */
  async function setPasswordWithToken(
    purpose: 'password_reset' | 'password_create',
    input: { token: string; password: string },
    meta: RequestMeta,
  ): Promise<void> {
    assertAcceptablePassword(input.password);
    const passwordHash = await hashPassword(input.password);
    await asSystem(db, async (tx) => {
      const token = await q.findUsableOneTimeToken(tx, meta.host.id, purpose, hashToken(input.token));
      if (!token || !(await q.consumeOneTimeToken(tx, token.id)))
        throw new HttpError(422, 'errors.link_invalid', {}, { token: ['errors.link_invalid'] });
      // Refused with the link left unused: the transaction rolls back its consumption.
      assertAcceptablePassword(input.password, await q.findUserById(tx, token.userId));
      await q.updateUser(tx, token.userId, {
        passwordHash,
        ...(purpose === 'password_create' ? { emailVerifiedAt: new Date() } : {}),
      });
      await sessions.revoke(tx, { userIds: [token.userId] });
      await record(tx, visitorOf(meta, token.userId), {
        action: purpose === 'password_create' ? 'user.password_created' : 'user.password_reset',
        entity: 'user',
        id: token.userId,
      });
    });
  }

  async function sendVerificationLink(tx: Db, user: q.UserRow, host: HostCompany): Promise<void> {
    if (!user.email) return;
    const token = randomToken();
    await q.insertOneTimeToken(tx, {
      companyId: host.id,
      userId: user.id,
      purpose: q.ONE_TIME_PURPOSE.emailVerification,
      tokenHash: hashToken(token),
      expiresAt: minutesFromNow(VERIFICATION_TTL_DAYS * 24 * 60),
    });
    await jobs.enqueue(
      tx,
      EVENT_MAIL_JOB,
      eventMail({
        to: user.email,
        companyId: host.id,
        language: languageOf(user),
        event: 'verification',
        variables: {
          name: user.name,
          company: host.name,
          action_url: `${originOf(host)}/email-verification?token=${token}`,
          days: VERIFICATION_TTL_DAYS,
        },
      }),
    );
  }

  /** POST api/register: self-registration, when the company allows it; approval may be required. */
  async function register(
    input: { name: string; surname: string; email: string; phone: string | null; password: string },
    meta: RequestMeta,
  ): Promise<{ pendingApproval: boolean }> {
    const options = await asSystem(db, (tx) => loginOptionsOf(tx, meta.host.id));
    if (!options.self_registration) throw forbidden('errors.registration_disabled');
    assertAcceptablePassword(input.password, input);
    await limiters.registrationsPerIp.consume(meta.ip);
    await limiters.registrationsPerTarget.consume(normaliseIdentifier(input.email));
    // Hashed for a known address too: neither the answer nor its time may tell whether the address has an account.
    const passwordHash = await hashPassword(input.password);
    const pendingApproval = options.self_registration_requires_approval;
    await asSystem(db, async (tx) => {
      const owner = await q.findUserByEmail(tx, meta.host.id, input.email);
      if (owner) return warnExistingAccount(tx, owner, meta);
      const user = await q.insertUserWithRole(
        tx,
        {
          companyId: meta.host.id,
          name: input.name,
          surname: input.surname,
          email: input.email,
          phone: input.phone,
          language: meta.lang,
          passwordHash,
          status: pendingApproval ? USER_STATUS.pendingApproval : USER_STATUS.active,
        },
        ROLE.user,
      );
      await record(tx, visitorOf(meta, user.id), {
        action: 'user.registered',
        entity: 'user',
        id: user.id,
        after: { email: user.email, status: user.status },
      });
      await sendVerificationLink(tx, user, meta.host);
    });
    return { pendingApproval };
  }

  /** A registration with an address that has an account: its owner hears of it; the caller gets the usual answer. */
  async function warnExistingAccount(tx: Db, owner: q.UserRow, meta: RequestMeta): Promise<void> {
    await record(tx, visitorOf(meta, null), {
      action: 'user.registration_with_existing_email',
      entity: 'user',
      id: owner.id,
    });
    await jobs.enqueue(
      tx,
      EVENT_MAIL_JOB,
      eventMail({
        to: owner.email ?? '',
        companyId: meta.host.id,
        language: languageOf(owner),
        event: 'registration_existing_account',
        variables: { name: owner.name, company: meta.host.name, action_url: `${originOf(meta.host)}/login` },
      }),
    );
  }

  const invitationKey = createHmac('sha256', config.JWT_SECRET).update('kampus:invitation').digest();

  /** A signed, expiring link that lets one email address register in one company. */
  function createInvitationLink(company: HostCompany, email: string, ttlDays = INVITATION_TTL_DAYS): string {
    const payload = Buffer.from(
      JSON.stringify({ c: company.id, e: email.toLowerCase(), x: Date.now() + ttlDays * 86_400_000 }),
    ).toString('base64url');
    const signature = createHmac('sha256', invitationKey).update(payload).digest('base64url');
    return `${originOf(company)}/register-invitation/${payload}.${signature}`;
  }

  function readInvitation(params: string, host: HostCompany): { email: string } {
    const [payload = '', signature = ''] = params.split('.');
    const expected = createHmac('sha256', invitationKey).update(payload).digest('base64url');
    const valid =
      signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    const parsed = valid
      ? invitationPayloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
      : undefined;
    if (!parsed?.success || parsed.data.c !== host.id || parsed.data.x < Date.now()) {
      throw new HttpError(422, 'errors.link_invalid', {}, { params: ['errors.link_invalid'] });
    }
    return { email: parsed.data.e };
  }

  async function sendInvitation(company: HostCompany, email: string, lang: Locale): Promise<void> {
    await jobs.enqueue(
      db,
      EVENT_MAIL_JOB,
      eventMail({
        to: email,
        companyId: company.id,
        language: lang,
        event: 'invitation',
        variables: {
          name: email,
          company: company.name,
          action_url: createInvitationLink(company, email),
          days: INVITATION_TTL_DAYS,
        },
      }),
    );
  }

  /** Registration through a signed invitation: the address is proven by the link, so the user is signed in at once. */
  async function registerByInvitation(
    input: { params: string; name: string; surname: string; password: string },
    meta: RequestMeta,
  ): Promise<Session> {
    const { email } = readInvitation(input.params, meta.host);
    assertAcceptablePassword(input.password, { ...input, email });
    const passwordHash = await hashPassword(input.password);
    return asSystem(db, async (tx) => {
      if (await q.findUserByEmail(tx, meta.host.id, email)) throw invalidFields({ params: 'errors.email_taken' });
      const user = await q.insertUserWithRole(
        tx,
        {
          companyId: meta.host.id,
          name: input.name,
          surname: input.surname,
          email,
          language: meta.lang,
          passwordHash,
          emailVerifiedAt: new Date(),
        },
        ROLE.user,
      );
      await record(tx, visitorOf(meta, user.id), {
        action: 'user.registered_by_invitation',
        entity: 'user',
        id: user.id,
        after: { email },
      });
      return startSession(tx, user, meta);
    });
  }

  /** POST api/email-verification */
  async function verifyEmail(token: string, meta: RequestMeta): Promise<void> {
    await asSystem(db, async (tx) => {
      const row = await q.findUsableOneTimeToken(
        tx,
        meta.host.id,
        q.ONE_TIME_PURPOSE.emailVerification,
        hashToken(token),
      );
      if (!row || !(await q.consumeOneTimeToken(tx, row.id)))
        throw new HttpError(422, 'errors.link_invalid', {}, { token: ['errors.link_invalid'] });
      await q.updateUser(tx, row.userId, { emailVerifiedAt: new Date() });
    });
  }

  /** A single-use login token valid for 10 minutes on one company's host (deep links, company switching). */
  async function createLoginToken(
    tx: Db,
    input: {
      userId: number;
      companyId: number;
      actingCompanyId?: number;
      impersonatorId?: number | null;
      ttlSeconds?: number;
    },
  ): Promise<string> {
    const token = randomToken();
    await q.insertOneTimeToken(tx, {
      companyId: input.companyId,
      userId: input.userId,
      purpose: q.ONE_TIME_PURPOSE.login,
      tokenHash: hashToken(token),
      data: {
        acting_company_id: input.actingCompanyId ?? input.companyId,
        impersonator_id: input.impersonatorId ?? null,
      },
      expiresAt: new Date(Date.now() + (input.ttlSeconds ?? ONE_TIME_LOGIN_TTL_SECONDS) * 1000),
    });
    return token;
  }

  /** GET api/clients/authorization-token: exchanges a one-time login token for a session. */
  async function exchangeLoginToken(token: string, meta: RequestMeta): Promise<Session> {
    return asSystem(db, async (tx) => {
      const row = await q.findUsableOneTimeToken(tx, meta.host.id, q.ONE_TIME_PURPOSE.login, hashToken(token));
      if (!row || !(await q.consumeOneTimeToken(tx, row.id))) throw unauthenticated('errors.link_invalid');
      const user = await q.findUserForHost(tx, row.userId, meta.host);
      if (!user) throw unauthenticated('errors.link_invalid');
      assertActive(user);
      return issueSession(tx, {
        user,
        hostCompanyId: meta.host.id,
        actingCompanyId: Number(row.data.acting_company_id ?? meta.host.id),
        impersonatorId: row.data.impersonator_id ? Number(row.data.impersonator_id) : null,
      });
    });
  }

  /**
   * Flows that issue a session or a login token from an access token (change-company, impersonation) must not outlive
   * the session they start from: the access token stays valid for its minutes after a logout, a password reset or a
   * deactivation, so its refresh family must still be live and its person (and impersonator) still active.
   */
  async function assertLiveSession(tx: Db, caller: Actor): Promise<void> {
    if (!(await q.isLiveSession(tx, caller.hostCompanyId, caller.sessionId, caller.userId))) {
      throw unauthenticated('errors.token_invalid');
    }
    for (const id of caller.impersonatorId ? [caller.userId, caller.impersonatorId] : [caller.userId]) {
      const person = await q.findUserById(tx, id);
      if (!person) throw unauthenticated('errors.token_invalid');
      if (person.status !== USER_STATUS.active) throw unauthenticated('errors.user_passive');
    }
  }

  /**
   * POST api/change-company: within the group the user may switch in. A company with a domain of its own is opened
   * there through a one-time login link; otherwise the session continues on this host, acting in that company.
   */
  async function changeCompany(
    auth: Actor,
    companyId: number,
    meta: RequestMeta,
  ): Promise<{ redirect_url: string } | Session> {
    const allowed = auth.switchableCompanyIds;
    if (allowed !== null && !allowed.includes(companyId)) throw forbidden('errors.company_forbidden');
    return asSystem(db, async (tx) => {
      await assertLiveSession(tx, auth);
      const target = await q.findCompany(tx, companyId);
      if (target?.status !== 1) throw forbidden('errors.company_forbidden');
      const user = await q.findUserForHost(tx, auth.userId, meta.host);
      if (!user) throw unauthenticated();
      if (target.customDomain && target.id !== meta.host.id) {
        const token = await createLoginToken(tx, {
          userId: user.id,
          companyId: target.id,
          impersonatorId: auth.impersonatorId,
        });
        return { redirect_url: `${originOf(target)}/?token=${token}` };
      }
      const next = await issueSession(tx, {
        user,
        hostCompanyId: auth.hostCompanyId,
        actingCompanyId: target.id,
        impersonatorId: auth.impersonatorId,
      });
      // Last, once the new session exists: the old one is denylisted at once, so nothing may fail after it.
      await sessions.revoke(tx, { companyId: auth.hostCompanyId, familyId: auth.sessionId });
      return next;
    });
  }

  /** POST api/impersonate/{user_id}: a super admin acts as a user of this host's company; audited. */
  async function impersonate(superAdmin: Actor, targetUserId: number, meta: RequestMeta): Promise<Session> {
    if (superAdmin.impersonatorId) throw forbidden('errors.cannot_impersonate');
    return asSystem(db, async (tx) => {
      await assertLiveSession(tx, superAdmin);
      const target = await q.findUserInCompanies(tx, targetUserId, [meta.host.id]);
      if (!target) throw notFound();
      const grants = await q.findRoleGrants(tx, target.id);
      if (target.id === superAdmin.userId || grants.some((g) => g.roleId === ROLE.superAdmin)) {
        throw forbidden('errors.cannot_impersonate');
      }
      assertActive(target);
      await record(tx, visitorOf(meta, superAdmin.userId), {
        action: 'impersonation.started',
        entity: 'user',
        id: target.id,
      });
      return issueSession(tx, {
        user: target,
        hostCompanyId: meta.host.id,
        actingCompanyId: target.companyId,
        impersonatorId: superAdmin.userId,
      });
    });
  }

  /** DELETE api/impersonate/leaving: ends the impersonation session; the client restores the super admin's own. */
  async function leaveImpersonation(auth: Actor, meta: RequestMeta): Promise<void> {
    if (!auth.impersonatorId) throw new HttpError(409, 'errors.not_impersonating');
    const impersonatorId = auth.impersonatorId;
    await asSystem(db, async (tx) => {
      await sessions.revoke(tx, { companyId: auth.hostCompanyId, familyId: auth.sessionId });
      await record(tx, visitorOf(meta, impersonatorId, auth.hostCompanyId), {
        action: 'impersonation.ended',
        entity: 'user',
        id: auth.userId,
      });
    });
  }

  return {
    login,
    validateSmsCode,
    refresh,
    logout,
    requestPasswordReset,
    sendPasswordCreateLink,
    resetPassword: (input: { token: string; password: string }, meta: RequestMeta) =>
      setPasswordWithToken('password_reset', input, meta),
    createPassword: (input: { token: string; password: string }, meta: RequestMeta) =>
      setPasswordWithToken('password_create', input, meta),
    register,
    createInvitationLink,
    sendInvitation,
    registerByInvitation,
    verifyEmail,
    createLoginToken: (input: Parameters<typeof createLoginToken>[1]) =>
      asSystem(db, (tx) => createLoginToken(tx, input)),
    exchangeLoginToken,
    /**
     * A mail's links into the product (spec §2.5): per person, the company's address with a single-use login token
     * and the page to land on (`?token=&type=&id=`). The mail may be read days later, so the token lives `ttlSeconds`.
     */
    deepLinks: (
      companyId: number,
      userIds: readonly number[],
      target: { type: 'assignment' | 'education' | 'my-certification'; id: number; ttlSeconds: number },
    ): Promise<Map<number, string>> =>
      asSystem(db, async (tx) => {
        const company = await q.findCompany(tx, companyId);
        const links = new Map<number, string>();
        if (!company) return links;
        // One insert for the whole batch: the same rows createLoginToken writes one at a time.
        const expiresAt = new Date(Date.now() + target.ttlSeconds * 1000);
        const rows = userIds.map((userId) => {
          const token = randomToken();
          links.set(userId, `${originOf(company)}/?token=${token}&type=${target.type}&id=${target.id}`);
          return {
            companyId,
            userId,
            purpose: q.ONE_TIME_PURPOSE.login,
            tokenHash: hashToken(token),
            data: { acting_company_id: companyId, impersonator_id: null },
            expiresAt,
          };
        });
        await q.insertOneTimeTokens(tx, rows);
        return links;
      }),
    changeCompany,
    impersonate,
    leaveImpersonation,
    assertAcceptablePassword,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

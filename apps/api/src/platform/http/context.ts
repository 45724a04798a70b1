import { ID_MAX, type Locale, type Permission, ROLE } from '@kampus/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../actor.js';
import type { SessionRevocations } from '../auth/revocations.js';
import type { TokenSigner } from '../auth/tokens.js';
import { localeFromHeader, type Translate, translator } from '../i18n.js';
import type { HostCompany, HostResolver } from '../tenancy.js';
import { forbidden, HttpError, unauthenticated } from './errors.js';

/**
 * Who may call a route, declared on every route. `public` needs no session; the others need a valid access token
 * issued on this host, plus a permission or the super admin role when named. `admin` is the admin panel's own
 * threshold: the session holds at least one permission (a plain learner holds none).
 */
export type Access = 'public' | 'authenticated' | 'admin' | 'super_admin' | { permission: Permission };
/** Whether the route needs a known host: a company or the marketing site (default), or none at all. */
export type HostRequirement = 'known' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    host?: HostRequirement;
  }
  interface FastifyRequest {
    lang: Locale;
    t: Translate;
    /** The company of the Host header; null on the marketing host or for host-less routes. */
    company: HostCompany | null;
    /** Who acts: set from the verified access token on every guarded route, null on public ones. */
    actor: Actor | null;
  }
}

/** The host's company, for routes that only make sense on a company host. */
export function companyOf(request: FastifyRequest): HostCompany {
  if (!request.company) throw new HttpError(404, 'errors.company_required');
  return request.company;
}

/** The Actor of a guarded request, built once when its access token was verified. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** X-Company-Id (or Company, as the chat calls send it) selects a sub-company to act in. */
function requestedCompanyId(request: FastifyRequest): number | null {
  const raw = request.headers['x-company-id'] ?? request.headers.company;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return null;
  // Digits only, and within the `integer` id column: `1e3`, ` 1 ` or 10^23 name no company and must not reach SQL.
  const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(id) || id <= 0 || id > ID_MAX) throw forbidden('errors.company_forbidden');
  return id;
}

/** A session acts in another company only if it exists (a super admin may name any id): a missing one is refused. */
async function assertActingCompanyExists(actor: Actor, hosts: HostResolver): Promise<void> {
  if (actor.companyId === actor.sessionCompanyId) return;
  if (!(await hosts.companyExists(actor.companyId))) throw forbidden('errors.company_forbidden');
}

interface AuthDeps {
  signer: TokenSigner;
  sessions: Pick<SessionRevocations, 'isRevoked'>;
}

async function authenticate(request: FastifyRequest, deps: AuthDeps): Promise<Actor> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const claims = await deps.signer.verify(token);
  if (!claims) throw unauthenticated('errors.token_invalid');
  // Logout, a password change or reset, a passive or deleted user: the session ended before its token expires.
  if (deps.sessions.isRevoked(claims.sid)) throw unauthenticated('errors.token_invalid');
  if (!request.company || claims.hid !== request.company.id) throw unauthenticated('errors.token_host_mismatch');
  const requested = requestedCompanyId(request);
  if (requested !== null && requested !== claims.cid && claims.cos !== null && !claims.cos.includes(requested)) {
    throw forbidden('errors.company_forbidden');
  }
  const isSuperAdmin = claims.rol.includes(ROLE.superAdmin);
  return {
    userId: Number(claims.sub),
    homeCompanyId: claims.hco,
    hostCompanyId: claims.hid,
    companyId: requested ?? claims.cid,
    sessionCompanyId: claims.cid,
    switchableCompanyIds: claims.cos,
    sessionId: claims.sid,
    roleIds: claims.rol,
    permissions: new Set(claims.prm),
    isSuperAdmin,
    impersonatorId: claims.imp ?? null,
    ip: request.ip,
    requestId: request.id,
    lang: request.lang,
  };
}

function authorize(access: Exclude<Access, 'public'>, auth: Actor): void {
  if (access === 'authenticated' || auth.isSuperAdmin) return;
  if (access === 'super_admin') throw forbidden();
  if (access === 'admin') {
    if (auth.permissions.size === 0) throw forbidden();
    return;
  }
  if (!auth.permissions.has(access.permission)) throw forbidden();
}

/**
 * The request pipeline every route shares: language, host → company, then the route's declared access. A route
 * registered without an access declaration is a programming error and stops the server from starting.
 */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
}

export function registerRequestContext(app: FastifyInstance, deps: { hosts: HostResolver } & AuthDeps): RouteAccess[] {
  const routes: RouteAccess[] = [];
  app.decorateRequest('lang', 'tr');
  app.decorateRequest('t', translator('tr'));
  app.decorateRequest('company', null);
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    const isDocs = route.url.startsWith('/api/docs');
    if (!route.url.startsWith('/api') || isDocs) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access: route.config.access });
  });

  app.addHook('onRequest', async (request, reply) => {
    request.lang = localeFromHeader(request.headers['x-content-language']);
    request.t = translator(request.lang);
    reply.header('x-request-id', request.id);
    if (request.routeOptions.config?.host === 'none') return;
    const target = await deps.hosts.resolve(request.headers.host);
    if (target.kind === 'unknown') throw new HttpError(404, 'errors.unknown_host');
    if (target.kind === 'company') {
      if (target.company.status !== 1) throw new HttpError(403, 'errors.company_passive');
      request.company = target.company;
    }
  });

  // Before body validation: a caller without the right session or permission learns nothing about the schema.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    request.actor = await authenticate(request, deps);
    await assertActingCompanyExists(request.actor, deps.hosts);
    authorize(access, request.actor);
  });
  return routes;
}

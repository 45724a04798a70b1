/**
 * The bare baseline of bench:api, started by it as a process of its own: a plain Fastify server that sends, for each
 * benchmarked Kampus route, the statements that route sends — the same SQL text, in the same order, with the same
 * parameters, copied from what the Kampus server was seen to run on the demo data (`BENCH_PROBE_LOG=1`, see
 * query-probe.mjs) — and nothing else: no host resolution per request, no access token, no validation, no response
 * schema, no log line. Its answers are the raw rows.
 *
 * BARE_MODE=rls runs each route in one transaction that opens the way Kampus' scopes do (db/scope.ts): `begin`, then
 * `select set_config('app.company_id', <company>, true)` (inTenant) or `set_config('app.bypass_rls', 'on', true)`
 * (asSystem, for the refresh), as the application role kampus_app (pg: `SET ROLE` on each new connection, as
 * createAppPool does; PGlite: `SET ROLE` once), so the policies of db/schema/rls.ts apply. BARE_MODE=plain sends the
 * same statements one by one, outside any transaction, as the database's owner (a superuser skips row-level security
 * altogether; a non-superuser owner, which FORCEd RLS still holds to the policies, gets `app.bypass_rls` for its
 * session so that it sees the rows at all).
 *
 * BARE_DATABASE_URL (a pooled pg connection of DATABASE_POOL_MAX, like Kampus) or BARE_DATA_DIR (a PGlite data directory
 * of its own: one process per directory); BARE_PORT; BARE_COMPANY_SLUG (the host's company, resolved once at start:
 * Kampus caches the host for 30 s, so its steady state has no lookup either); BARE_ACTOR_ID (the admin who updates).
 *
 * bench:progress uses one more route, POST /progress/:contentId/:versionId/:userId: a learner's heartbeat as the one
 * write it comes down to — an upsert of their content_progress row — with no enrolment check, no read of the row and
 * no honest-progress rules. The learner is named in the path, as the admin is in BARE_ACTOR_ID: no token either.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { createAppPool, PGLITE_EXTENSIONS } from '../src/db/client.js';
import { APP_ROLE } from '../src/db/schema/rls.js';

/** Rows as arrays of values, the row mode drizzle reads in (a join's columns share names). */
type Row = unknown[];
interface Session {
  /** `name` prepares the statement once per connection, as Kampus' preparedQuery does (pg only). */
  query(text: string, params?: unknown[], name?: string): Promise<Row[]>;
}
type Scope = { tenant: number } | 'system';

const mode = process.env.BARE_MODE === 'plain' ? 'plain' : 'rls';
const port = Number(process.env.BARE_PORT ?? 0);
const actorId = Number(process.env.BARE_ACTOR_ID);
const poolMax = Number(process.env.DATABASE_POOL_MAX ?? 10);
let statements = 0;

/** The scope's opening statement, as db/scope.ts sends it. */
function scopeStatement(scope: Scope): [string, unknown[]] {
  return scope === 'system'
    ? ["select set_config('app.bypass_rls', 'on', true)", []]
    : ["select set_config('app.company_id', $1, true)", [String(scope.tenant)]];
}

interface BareDatabase {
  run<T>(scope: Scope, fn: (session: Session) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function openPostgres(url: string): Promise<BareDatabase> {
  const pool =
    mode === 'rls'
      ? createAppPool(url, poolMax)
      : new pg.Pool({
          connectionString: url,
          max: poolMax,
          onConnect: (client) => client.query("select set_config('app.bypass_rls', 'on', false)").then(() => undefined),
        });
  const sessionOf = (client: pg.Pool | pg.PoolClient): Session => ({
    async query(text, params, name) {
      statements++;
      return (await client.query<Row>({ name, text, values: params, rowMode: 'array' })).rows;
    },
  });
  const direct = sessionOf(pool);
  return {
    async run(scope, fn) {
      if (mode === 'plain') return fn(direct);
      const client = await pool.connect();
      const session = sessionOf(client);
      try {
        await session.query('begin');
        await session.query(...scopeStatement(scope));
        const result = await fn(session);
        await session.query('commit');
        return result;
      } catch (error) {
        await session.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<BareDatabase> {
  const client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  if (mode === 'rls') await client.exec(`SET ROLE ${APP_ROLE}`);
  const direct: Session = {
    async query(text, params) {
      statements++;
      return (await client.query<Row>(text, params, { rowMode: 'array' })).rows;
    },
  };
  return {
    async run(scope, fn) {
      if (mode === 'plain') return fn(direct);
      statements += 2; // BEGIN and COMMIT
      return client.transaction(async (tx) => {
        const session: Session = {
          async query(text, params) {
            statements++;
            return (await tx.query<Row>(text, params, { rowMode: 'array' })).rows;
          },
        };
        await session.query(...scopeStatement(scope));
        return fn(session);
      });
    },
    close: () => client.close(),
  };
}

const database = process.env.BARE_DATABASE_URL
  ? await openPostgres(process.env.BARE_DATABASE_URL)
  : await openPglite(process.env.BARE_DATA_DIR as string);

const [company] = await database.run('system', (s) =>
  s.query('select "id" from "companies" where "slug" = $1', [process.env.BARE_COMPANY_SLUG]),
);
const companyId = Number(company?.[0]);
if (!companyId) throw new Error(`bare server: no company ${process.env.BARE_COMPANY_SLUG}`);

const USER_COLUMNS =
  '"users"."id", "users"."name", "users"."surname", "users"."email", "users"."username", "users"."phone", "users"."registration_number", "users"."national_id", "users"."language", "users"."status", "users"."department", "users"."title", "users"."location", "users"."hire_date", "users"."custom_fields", "users"."last_login_at", "users"."created_at", "manager"."id", "manager"."name", "manager"."surname"';
/** The user's roles as a JSON array, the subquery the users resource reads them with. */
const USER_ROLES = `coalesce((
        select json_agg(json_build_object('id', "roles"."id", 'name', "roles"."name") order by "roles"."id")
        from "role_user" inner join "roles" on "roles"."id" = "role_user"."role_id"
        where "role_user"."user_id" = "users"."id" and "role_user"."company_id" = "users"."company_id"), '[]')`;
const COMPANY_COLUMNS =
  '"id", "name", "slug", "custom_domain", "logo_link", "parent_id", "is_group_alias", "can_switch_company", "surname_view_restrict", "status", "default_language", "upload_quota_mb", "created_at", "updated_at"';
/** `$from, $from+1, …` for an `in (…)` list, as drizzle writes it. */
const placeholders = (count: number, from: number) =>
  Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ');

/** The users of ids with their manager and roles: what the users resource reads to present them (one statement, prepared once). */
function readUsers(s: Session, ids: unknown[]) {
  return s.query(
    `select ${USER_COLUMNS}, ${USER_ROLES} from "users" left join "users" "manager" on ("manager"."id" = "users"."manager_id" and "manager"."company_id" = "users"."company_id") where ("users"."company_id" = $1 and "users"."id" = any($2))`,
    [companyId, ids],
    'users_present',
  );
}

/** The resource framework's scoped lookup of one id, then its read. */
async function readUser(s: Session, id: number) {
  const found = await s.query('select "id" from "users" where ("users"."company_id" = $1 and "users"."id" in ($2))', [
    companyId,
    id,
  ]);
  if (found.length === 0) return null;
  return readUsers(s, [id]);
}

const app = Fastify({ logger: false });

app.get('/__statements', () => {
  const cpu = process.cpuUsage();
  return { statements, cpuMs: (cpu.user + cpu.system) / 1000 };
});

// GET /api/company/self
app.get('/self', () =>
  database.run({ tenant: companyId }, async (s) => {
    const settings = await s.query(
      'select "key", "value" from "company_settings" where "company_settings"."company_id" = $1 order by "company_settings"."key" asc',
      [companyId],
    );
    const children = await s.query(
      'select "id", "name" from "companies" where ("companies"."parent_id" = $1 and "companies"."status" = $2) order by "companies"."name" asc',
      [companyId, 1],
    );
    return { data: { id: companyId, settings, children } };
  }),
);

// GET /api/admin/users?page=1&per_page=20
app.get('/users', () =>
  database.run({ tenant: companyId }, async (s) => {
    const page = await s.query(
      'select "id", count(*) over() from "users" where "users"."company_id" = $1 order by "users"."created_at" desc, "users"."id" desc limit $2',
      [companyId, 20],
    );
    const rows = await readUsers(
      s,
      page.map((row) => row[0]),
    );
    return { data: rows, meta: { total: Number(page[0]?.[1] ?? 0) } };
  }),
);

// GET /api/admin/users/:id
app.get<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
  // Kampus presents a tenant's row without checking its id first (the presenter is the check).
  const user = await database.run({ tenant: companyId }, (s) => readUsers(s, [Number(request.params.id)]));
  return user.length > 0 ? { data: user } : reply.code(404).send({ message: 'not found' });
});

// PUT /api/admin/users/:id {name}: read, update, read again, audit row
app.put<{ Params: { id: string }; Body: { name: string } }>('/users/:id', async (request, reply) => {
  const id = Number(request.params.id);
  const updated = await database.run({ tenant: companyId }, async (s) => {
    const before = await readUser(s, id);
    if (!before) return null;
    await s.query(
      'update "users" set "name" = $1, "updated_at" = $2 where ("users"."company_id" = $3 and "users"."id" = $4)',
      [request.body.name, new Date().toISOString(), companyId, id],
    );
    const after = await readUsers(s, [id]);
    await s.query(
      'insert into "audit_logs" ("id", "company_id", "actor_user_id", "impersonator_id", "action", "entity_type", "entity_id", "before", "after", "ip", "request_id", "created_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, default)',
      [
        companyId,
        actorId,
        null,
        'user.updated',
        'user',
        id,
        JSON.stringify(before[0]),
        JSON.stringify(after[0]),
        request.ip,
        randomUUID(),
      ],
    );
    return after;
  });
  return updated ? { data: updated } : reply.code(404).send({ message: 'not found' });
});

// POST /api/token/refresh {refresh_token}: rotate, then the session's reads and the next token of the family
app.post<{ Body: { refresh_token: string } }>('/refresh', async (request, reply) => {
  const tokenHash = createHash('sha256').update(request.body.refresh_token).digest('hex');
  const session = await database.run('system', async (s) => {
    const now = new Date().toISOString();
    const [current] = await s.query(
      'update "refresh_tokens" set "rotated_at" = $1 where ("refresh_tokens"."company_id" = $2 and "refresh_tokens"."token_hash" = $3 and "refresh_tokens"."rotated_at" is null and "refresh_tokens"."revoked_at" is null and "refresh_tokens"."expires_at" > $4) returning "id", "company_id", "user_id", "family_id", "token_hash", "acting_company_id", "impersonator_id", "expires_at", "rotated_at", "revoked_at", "created_at"',
      [now, companyId, tokenHash, now],
    );
    if (!current) return null;
    const [user] = await s.query(
      'select "id", "company_id", "name", "surname", "email", "username", "phone", "national_id", "registration_number", "photo", "bio", "language", "status", "email_verified_at", "last_login_at", "password_hash", "department", "title", "manager_id", "location", "hire_date", "custom_fields", "created_at", "updated_at" from "users" where ("users"."id" = $1 and ("users"."company_id" in ($2) or exists (select 1 from "role_user" where "role_user"."user_id" = "users"."id" and "role_user"."role_id" = $3))) limit $4',
      [current[2], companyId, 1, 1],
    );
    if (!user) return null;
    const grants = await s.query(
      'select "role_user"."id", "role_user"."company_id", "roles"."id", "roles"."name" from "role_user" inner join "roles" on "roles"."id" = "role_user"."role_id" where "role_user"."user_id" = $1 order by "roles"."id" asc',
      [user[0]],
    );
    const actingId = Number(current[5]);
    const roleIds = [...new Set(grants.filter((g) => g[1] === actingId || g[1] === user[1]).map((g) => g[2]))];
    const acting = await s.query(`select ${COMPANY_COLUMNS} from "companies" where "companies"."id" = $1 limit $2`, [
      actingId,
      1,
    ]);
    const modules = await s.query(
      'select "value" from "company_settings" where ("company_settings"."company_id" = $1 and "company_settings"."key" = $2) limit $3',
      [actingId, 'modules', 1],
    );
    const permissions = await s.query(
      `select "role_permissions"."role_id", "permissions"."name" from "role_permissions" inner join "permissions" on "permissions"."id" = "role_permissions"."permission_id" where "role_permissions"."role_id" in (${placeholders(roleIds.length, 1)}) order by "permissions"."name" asc`,
      roleIds,
    );
    // The home company is the acting one (the demo admin's own): read once.
    const home = actingId === user[1] ? acting : [];
    const menu = await s.query(
      'select "id", "company_id", "type", "title", "status", "order" from "menu_items" where ("menu_items"."company_id" = $1 and "menu_items"."status" = $2) order by "menu_items"."order" asc, "menu_items"."id" asc',
      [actingId, 1],
    );
    const children = await s.query('select "id" from "companies" where "companies"."parent_id" = $1', [user[1]]);
    const next = randomBytes(32).toString('base64url');
    await s.query(
      'insert into "refresh_tokens" ("id", "company_id", "user_id", "family_id", "token_hash", "acting_company_id", "impersonator_id", "expires_at", "rotated_at", "revoked_at", "created_at") values (default, $1, $2, $3, $4, $5, $6, $7, default, default, default)',
      [
        companyId,
        user[0],
        current[3],
        createHash('sha256').update(next).digest('hex'),
        actingId,
        current[6],
        new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
      ],
    );
    return { refresh_token: next, user, permissions, home, acting, modules, menu, children };
  });
  return session ?? reply.code(401).send({ message: 'refresh_invalid' });
});

// POST /api/contents/:id/progress, bare: the heartbeat's row written in one statement, the body taken as it comes
app.post<{
  Params: { contentId: string; versionId: string; userId: string };
  Body: { session: string; seq: number; ranges: [number, number][]; position: number };
}>('/progress/:contentId/:versionId/:userId', (request) =>
  database.run({ tenant: companyId }, async (s) => {
    const { session, seq, ranges, position } = request.body;
    const [row] = await s.query(
      'insert into "content_progress" ("company_id", "content_id", "user_id", "version_id", "watched_ranges", "position", "session", "seq", "updated_at") values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict ("user_id", "version_id") do update set "watched_ranges" = excluded."watched_ranges", "position" = excluded."position", "session" = excluded."session", "seq" = excluded."seq", "updated_at" = excluded."updated_at" returning "id"',
      [
        companyId,
        Number(request.params.contentId),
        Number(request.params.userId),
        Number(request.params.versionId),
        JSON.stringify(ranges),
        position,
        session,
        seq,
        new Date().toISOString(),
      ],
    );
    return { data: { id: row?.[0] } };
  }),
);

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', close);
process.once('SIGTERM', close);
// Should the bench die without stopping it (SIGKILL), the server stops itself.
const parent = Number(process.env.BENCH_PARENT_PID);
if (parent) {
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void close();
    }
  }, 1000).unref();
}
await app.listen({ host: '127.0.0.1', port });
console.log(`bare server (${mode}) on ${port}`);

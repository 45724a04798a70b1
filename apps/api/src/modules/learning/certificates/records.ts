import {
  type AdminIssuedCertificate,
  CERTIFICATE_EXPIRING_DAYS,
  CERTIFICATE_NUMBER_PATTERN,
  type CertificateVerification,
  type IssuedCertificateListQuery,
  type IssuedCertificateState,
  type MyCertificate,
  type MyCertificateState,
} from '@kampus/shared';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { publicOrigin } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { certificateDefinitions, certificates, companies, storedFiles, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { notFound } from '../../../platform/http/errors.js';
import { createLimiter } from '../../../platform/rate-limit.js';
import type { HostCompany } from '../../../platform/tenancy.js';
import { signedFileUrl } from '../../system/files/service.js';
import { type CertificateIssuing, refTitleSql } from './issue.js';

/** Look-ups of the public verification page per address: a person checking a few, not a script walking numbers. */
const VERIFY_PER_IP = 60;
const VERIFY_WINDOW_SECONDS = 600;
const DAY_MS = 24 * 3600 * 1000;

const pdfFiles = alias(storedFiles, 'pdf_files');
const pngFiles = alias(storedFiles, 'png_files');

/** What the learner sees of a certificate's status: a lapsed expiry counts as expired before the nightly job runs. */
export function stateOf(status: string, expiresAt: Date | null, now = new Date()): MyCertificateState {
  if (status === 'expired' || (expiresAt && expiresAt.getTime() <= now.getTime())) return 'expired';
  if (expiresAt && expiresAt.getTime() - now.getTime() <= CERTIFICATE_EXPIRING_DAYS * DAY_MS) return 'expiring';
  return 'valid';
}

/** LinkedIn's "add a licence or certification" address, filled with the certificate. */
export function linkedInUrl(input: {
  name: string;
  company: string;
  issuedAt: Date;
  expiresAt: Date | null;
  verifyUrl: string;
  number: string;
}): string {
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: input.name,
    organizationName: input.company,
    issueYear: String(input.issuedAt.getUTCFullYear()),
    issueMonth: String(input.issuedAt.getUTCMonth() + 1),
    certUrl: input.verifyUrl,
    certId: input.number,
  });
  if (input.expiresAt) {
    params.set('expirationYear', String(input.expiresAt.getUTCFullYear()));
    params.set('expirationMonth', String(input.expiresAt.getUTCMonth() + 1));
  }
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** The admin's state filter as a condition (see `stateOf`: a lapsed expiry counts as expired already). */
function stateWhere(state: IssuedCertificateState, now: Date) {
  const soon = new Date(now.getTime() + CERTIFICATE_EXPIRING_DAYS * DAY_MS);
  switch (state) {
    case 'revoked':
      return eq(certificates.status, 'revoked');
    case 'expired':
      return or(
        eq(certificates.status, 'expired'),
        and(eq(certificates.status, 'valid'), lte(certificates.expiresAt, now)),
      );
    case 'expiring':
      return and(eq(certificates.status, 'valid'), gt(certificates.expiresAt, now), lte(certificates.expiresAt, soon));
    default:
      return and(
        eq(certificates.status, 'valid'),
        or(isNull(certificates.expiresAt), gt(certificates.expiresAt, soon)),
      );
  }
}

export const fullName = sql<string>`trim(${users.name} || ' ' || ${users.surname})`;

/**
 * Which of the company's issued certificates a list, its export or its zip takes: of one definition, of one status,
 * matching a search in the number, the person's name or address. The query joins `users`.
 */
export function issuedWhere(
  companyId: number,
  query: Pick<IssuedCertificateListQuery, 'definition_id' | 'status' | 'search'>,
) {
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    eq(certificates.companyId, companyId),
    query.definition_id ? eq(certificates.definitionId, query.definition_id) : undefined,
    query.status ? stateWhere(query.status, new Date()) : undefined,
    search
      ? or(ilike(certificates.number, search), sql`${fullName} ilike ${search}`, ilike(users.email, search))
      : undefined,
  );
}

/**
 * The issued certificates: the person's own (`api/certificates/me`), the public verification (`api/verify/{number}`),
 * and the admin's list of a definition's certificates with revoking and re-rendering.
 */
export function createCertificateRecords(platform: Platform, issuing: CertificateIssuing) {
  const db = platform.database.db;
  const verifications = createLimiter({
    prefix: 'certificate-verify',
    points: VERIFY_PER_IP,
    durationSeconds: VERIFY_WINDOW_SECONDS,
    redis: platform.redis?.client,
  });

  const originOf = (company: Pick<HostCompany, 'slug' | 'customDomain'>) =>
    publicOrigin(platform.config, company.customDomain ?? `${company.slug}.${platform.config.BASE_DOMAIN}`);

  async function mineIn(tx: Db, actor: Actor, id?: number): Promise<MyCertificate[]> {
    const rows = await tx
      .select({
        id: certificates.id,
        number: certificates.number,
        name: certificateDefinitions.name,
        title: refTitleSql,
        issuedAt: certificates.issuedAt,
        expiresAt: certificates.expiresAt,
        status: certificates.status,
        pdf: pdfFiles.name,
        png: pngFiles.name,
        company: { name: companies.name, slug: companies.slug, customDomain: companies.customDomain },
      })
      .from(certificates)
      .innerJoin(certificateDefinitions, eq(certificateDefinitions.id, certificates.definitionId))
      .innerJoin(companies, eq(companies.id, certificates.companyId))
      .leftJoin(pdfFiles, eq(pdfFiles.id, certificates.pdfFileId))
      .leftJoin(pngFiles, eq(pngFiles.id, certificates.pngFileId))
      .where(
        and(
          eq(certificates.companyId, actor.companyId),
          eq(certificates.userId, actor.userId),
          inArray(certificates.status, ['valid', 'expired']),
          id === undefined ? undefined : eq(certificates.id, id),
        ),
      )
      .orderBy(desc(certificates.issuedAt), desc(certificates.id));
    const now = new Date();
    return rows.map((row) => {
      const verifyUrl = `${originOf(row.company)}/verify/${row.number}`;
      const sign = (name: string | null) =>
        name ? signedFileUrl(platform, actor.companyId, `/api/files/${name}`, now) : null;
      return {
        id: row.id,
        number: row.number,
        name: row.name,
        title: row.title ?? row.name,
        issued_at: row.issuedAt.toISOString(),
        expires_at: row.expiresAt?.toISOString() ?? null,
        state: stateOf(row.status, row.expiresAt, now),
        pdf_url: sign(row.pdf),
        png_url: sign(row.png),
        verify_url: verifyUrl,
        linkedin_url: linkedInUrl({
          name: row.name,
          company: row.company.name,
          issuedAt: row.issuedAt,
          expiresAt: row.expiresAt,
          verifyUrl,
          number: row.number,
        }),
      };
    });
  }

  const issuedSorts: Record<string, SQL | typeof certificates.issuedAt> = {
    issued_at: sql`${certificates.issuedAt}`,
    expires_at: sql`${certificates.expiresAt}`,
    number: sql`${certificates.number}`,
    full_name: fullName,
  };

  async function findIssued(tx: Db, companyId: number, id: number) {
    const [row] = await tx
      .select({ id: certificates.id, status: certificates.status, userId: certificates.userId })
      .from(certificates)
      .where(and(eq(certificates.companyId, companyId), eq(certificates.id, id)));
    if (!row) throw notFound();
    return row;
  }

  return {
    /** GET api/certificates/me: the person's valid and expired certificates, newest first. */
    mine: (actor: Actor) => inTenant(db, actor.companyId, (tx) => mineIn(tx, actor)),

    /** GET api/certificates/me/{id}: one of them (another person's, a revoked one: 404). */
    mineOne: async (actor: Actor, id: number) => {
      const [found] = await inTenant(db, actor.companyId, (tx) => mineIn(tx, actor, id));
      if (!found) throw notFound();
      return found;
    },

    /**
     * GET api/verify/{number} on the company's host, without signing in: a valid certificate of this company states
     * whom and what it certifies; an unknown, revoked or expired number and another company's all answer the same
     * `valid: false`. Every look-up counts against the caller's address.
     */
    async verify(host: HostCompany, number: string, ip: string): Promise<CertificateVerification> {
      await verifications.consume(ip);
      const normalized = number.trim().toUpperCase();
      if (!CERTIFICATE_NUMBER_PATTERN.test(normalized)) return { valid: false };
      const [row] = await inTenant(db, host.id, (tx) =>
        tx
          .select({
            number: certificates.number,
            fullName,
            name: certificateDefinitions.name,
            title: refTitleSql,
            issuedAt: certificates.issuedAt,
            expiresAt: certificates.expiresAt,
            status: certificates.status,
          })
          .from(certificates)
          .innerJoin(certificateDefinitions, eq(certificateDefinitions.id, certificates.definitionId))
          .innerJoin(users, eq(users.id, certificates.userId))
          .where(and(eq(certificates.companyId, host.id), eq(certificates.number, normalized))),
      );
      if (row?.status !== 'valid' || stateOf(row.status, row.expiresAt) === 'expired') return { valid: false };
      return {
        valid: true,
        number: row.number,
        full_name: row.fullName,
        name: row.name,
        title: row.title ?? row.name,
        company: host.name,
        issued_at: row.issuedAt.toISOString(),
        expires_at: row.expiresAt?.toISOString() ?? null,
      };
    },

    /** GET api/admin/certificates/issued: the issued certificates (of one definition), searched by person or number. */
    issued: (actor: Actor, query: IssuedCertificateListQuery) =>
      inTenant(db, actor.companyId, async (tx) => {
        const where = issuedWhere(actor.companyId, query);
        const sortField = query.sort?.replace(/^-/, '') ?? 'issued_at';
        const sortColumn = issuedSorts[sortField] ?? issuedSorts.issued_at;
        const direction = query.sort ? (query.sort.startsWith('-') ? desc : asc) : desc;
        const [total] = await tx
          .select({ count: sql<number>`count(*)::integer` })
          .from(certificates)
          .innerJoin(users, eq(users.id, certificates.userId))
          .where(where);
        const rows = await tx
          .select({
            row: certificates,
            definitionName: certificateDefinitions.name,
            fullName,
            email: users.email,
            pdf: pdfFiles.name,
            png: pngFiles.name,
          })
          .from(certificates)
          .innerJoin(users, eq(users.id, certificates.userId))
          .innerJoin(certificateDefinitions, eq(certificateDefinitions.id, certificates.definitionId))
          .leftJoin(pdfFiles, eq(pdfFiles.id, certificates.pdfFileId))
          .leftJoin(pngFiles, eq(pngFiles.id, certificates.pngFileId))
          .where(where)
          .orderBy(direction(sortColumn as SQL), desc(certificates.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page);
        const now = new Date();
        const sign = (name: string | null) =>
          name ? signedFileUrl(platform, actor.companyId, `/api/files/${name}`, now) : null;
        const data: AdminIssuedCertificate[] = rows.map(({ row, definitionName, fullName: name, email, pdf, png }) => ({
          id: row.id,
          number: row.number,
          definition: { id: row.definitionId, name: definitionName },
          user: { id: row.userId, full_name: name, email },
          cycle: row.cycle,
          issued_at: row.issuedAt.toISOString(),
          expires_at: row.expiresAt?.toISOString() ?? null,
          status: row.status,
          state: row.status === 'revoked' ? 'revoked' : stateOf(row.status, row.expiresAt, now),
          revoked_reason: row.revokedReason,
          revoked_at: row.revokedAt?.toISOString() ?? null,
          rendered: row.pdfFileId !== null && row.pngFileId !== null,
          pdf_url: sign(pdf),
          png_url: sign(png),
        }));
        return { data, meta: { page: query.page, per_page: query.per_page, total: total?.count ?? 0 } };
      }),

    /** POST api/admin/certificates/issued/{id}/revoke: the certificate stops verifying; its person no longer lists it. */
    revoke: (actor: Actor, id: number, reason: string) =>
      inTenant(db, actor.companyId, async (tx) => {
        const found = await findIssued(tx, actor.companyId, id);
        if (found.status === 'revoked') return;
        await tx
          .update(certificates)
          .set({
            status: 'revoked',
            revokedReason: reason,
            revokedBy: actor.userId,
            revokedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(certificates.id, id));
        await record(tx, actor, {
          action: 'certificate.revoked',
          entity: 'certificate',
          id,
          before: { status: found.status },
          after: { status: 'revoked', reason, user_id: found.userId },
        });
      }),

    /**
     * POST api/admin/certificates/{id}/reissue: every valid certificate of the definition rendered again from its
     * current template (after a template change) — same number and dates, new files, nobody notified again.
     */
    reissue: (actor: Actor, definitionId: number) =>
      inTenant(db, actor.companyId, async (tx) => {
        const [definition] = await tx
          .select({ id: certificateDefinitions.id })
          .from(certificateDefinitions)
          .where(
            and(eq(certificateDefinitions.companyId, actor.companyId), eq(certificateDefinitions.id, definitionId)),
          );
        if (!definition) throw notFound();
        const rows = await tx
          .select({ id: certificates.id })
          .from(certificates)
          .where(
            and(
              eq(certificates.companyId, actor.companyId),
              eq(certificates.definitionId, definitionId),
              eq(certificates.status, 'valid'),
            ),
          );
        for (const row of rows) await issuing.rerender(tx, actor.companyId, row.id);
        await record(tx, actor, {
          action: 'certificate_definition.reissued',
          entity: 'certificate_definition',
          id: definitionId,
          after: { count: rows.length },
        });
        return { queued: rows.length };
      }),
  };
}

export type CertificateRecords = ReturnType<typeof createCertificateRecords>;

import { CERTIFICATE_EXPIRING_DAYS, LOCALES, type Locale } from '@kampus/shared';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { certificateDefinitions, certificates, users } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import type { Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { translator } from '../../../platform/i18n.js';
import type { NotificationsService } from '../../frame/notifications/service.js';

export const EXPIRY_JOB = 'certificate.expiry';
const DAY_MS = 24 * 3600 * 1000;

const asLocale = (language: string): Locale =>
  (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'tr';

const systemInitiator = (companyId: number): Initiator => ({
  companyId,
  userId: null,
  impersonatorId: null,
  ip: null,
  requestId: null,
});

/**
 * The daily expiry run: a valid certificate within CERTIFICATE_EXPIRING_DAYS of its expiry warns its person once
 * (`expiry_warned_at`); one whose expiry has passed is marked `expired` (audited `certificate.expired`) and its person
 * told. An expired certificate lets the next completion issue the next cycle (issue.ts).
 */
export function createCertificateExpiry(platform: Platform, needs: { notifications: NotificationsService }) {
  const db = platform.database.db;

  async function tell(tx: Db, companyId: number, userId: number, language: string, key: string, params: object) {
    const t = translator(asLocale(language));
    const message = t(key, params as Record<string, unknown>);
    await needs.notifications.sendToMany(
      tx,
      {
        companyId,
        name: message,
        text: null,
        data: { message, apiUrl: '/api/certificates/me', webUrl: { name: 'User.my-certification' } },
        createdBy: null,
      },
      sql`select ${userId}::integer`,
    );
  }

  async function runFor(companyId: number, now: Date) {
    return inTenant(db, companyId, async (tx) => {
      const soon = new Date(now.getTime() + CERTIFICATE_EXPIRING_DAYS * DAY_MS);
      const warned = await tx
        .update(certificates)
        .set({ expiryWarnedAt: now })
        .where(
          and(
            eq(certificates.companyId, companyId),
            eq(certificates.status, 'valid'),
            isNull(certificates.expiryWarnedAt),
            gt(certificates.expiresAt, now),
            lte(certificates.expiresAt, soon),
          ),
        )
        .returning({
          id: certificates.id,
          userId: certificates.userId,
          definitionId: certificates.definitionId,
          expiresAt: certificates.expiresAt,
        });
      const expired = await tx
        .update(certificates)
        .set({ status: 'expired', updatedAt: now })
        .where(
          and(
            eq(certificates.companyId, companyId),
            eq(certificates.status, 'valid'),
            lte(certificates.expiresAt, now),
          ),
        )
        .returning({
          id: certificates.id,
          userId: certificates.userId,
          definitionId: certificates.definitionId,
          number: certificates.number,
        });
      const about = async (userId: number, definitionId: number) => {
        const [row] = await tx
          .select({ language: users.language, name: certificateDefinitions.name })
          .from(users)
          .innerJoin(certificateDefinitions, eq(certificateDefinitions.id, definitionId))
          .where(eq(users.id, userId));
        return row;
      };
      for (const item of warned) {
        const row = await about(item.userId, item.definitionId);
        if (!row) continue;
        const date = new Intl.DateTimeFormat(asLocale(row.language), { dateStyle: 'long' }).format(
          item.expiresAt ?? now,
        );
        await tell(tx, companyId, item.userId, row.language, 'myCertificates.expiring_notification', {
          name: row.name,
          date,
        });
      }
      for (const item of expired) {
        const row = await about(item.userId, item.definitionId);
        if (row)
          await tell(tx, companyId, item.userId, row.language, 'myCertificates.expired_notification', {
            name: row.name,
          });
        await record(tx, systemInitiator(companyId), {
          action: 'certificate.expired',
          entity: 'certificate',
          id: item.id,
          companyId,
          after: { user_id: item.userId, definition_id: item.definitionId, number: item.number },
        });
      }
      return { warned: warned.length, expired: expired.length };
    });
  }

  /** Every company with a valid certificate expiring within the warning window (a question across tenants). */
  async function run(now = new Date()) {
    const soon = new Date(now.getTime() + CERTIFICATE_EXPIRING_DAYS * DAY_MS);
    const companies = (await asSystem(db, (tx) =>
      tx.execute(sql`select distinct company_id from certificates
        where status = 'valid' and expires_at is not null and expires_at <= ${soon.toISOString()}::timestamptz`),
    )) as unknown as { rows: { company_id: number }[] };
    let warned = 0;
    let expired = 0;
    for (const { company_id: companyId } of companies.rows) {
      const done = await runFor(companyId, now);
      warned += done.warned;
      expired += done.expired;
    }
    return { warned, expired };
  }

  platform.jobs.register({ name: EXPIRY_JOB, schema: z.object({}).passthrough(), handle: () => run() });

  return { run };
}

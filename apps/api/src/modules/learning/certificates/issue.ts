import { randomInt } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type CertificateTrigger, type CertificateValues, LOCALES, type Locale } from '@kampus/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { publicOrigin } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import {
  certificateDefinitions,
  certificates,
  companies,
  educationEnrolments,
  educations,
  storedFiles,
  surveyParticipations,
  users,
} from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { type DomainEvent, record } from '../../../platform/events.js';
import { translator } from '../../../platform/i18n.js';
import { EVENT_MAIL_JOB, eventMail } from '../../../platform/mail-templates.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import type { AuthService } from '../../identity/auth/service.js';
import type { RenderableTemplate, RenderedCertificate } from './render.js';

export const RENDER_JOB = 'certificate.render';
/** A mail's link to /my-certification lives as long as an assignment mail's: the mail may be read days later. */
const MAIL_LINK_TTL_SECONDS = 7 * 24 * 3600;

/** The completion events and the trigger each one fires. */
export const ISSUE_EVENTS: Record<string, CertificateTrigger> = {
  'education.completed': 'education',
  'program.completed': 'program',
  'exam.passed': 'exam',
  'assignment.completed': 'assignment',
};

/** Crockford's base32: no I, L, O, U, so a number read aloud or typed is not mistaken. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const randomGroup = () => Array.from({ length: 4 }, () => BASE32[randomInt(BASE32.length)]).join('');
/**
 * A certificate number: `KMP-2026-7F3K-9QXD` — the year it was issued and 40 random bits, so numbers cannot be
 * guessed from one another (verification answers the same "not valid" for all that are not, see verify.ts).
 */
export const newCertificateNumber = (issuedAt: Date) =>
  `KMP-${issuedAt.getUTCFullYear()}-${randomGroup()}-${randomGroup()}`;

/** The calendar day (UTC) of a moment, as certificates print them. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** `months` calendar months after `from` (the last day of a shorter month when the day does not exist). */
export function addMonths(from: Date, months: number): Date {
  const to = new Date(from);
  const day = to.getUTCDate();
  to.setUTCDate(1);
  to.setUTCMonth(to.getUTCMonth() + months);
  const last = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
  to.setUTCDate(Math.min(day, last));
  return to;
}

/**
 * resvg keeps each rendered image in native memory V8 does not count until a collection finalises its wrapper
 * (docs/features/learning.md, "Certificate templates"). The job collects every GC_EVERY renders on this node; the
 * collector is reached without `--expose-gc` on the command line, so every way the server is started gets it.
 */
const GC_EVERY = 20;
let rendersSinceCollection = 0;
let collectGarbage: (() => void) | null | undefined;
function collectNowAndThen() {
  rendersSinceCollection += 1;
  if (rendersSinceCollection < GC_EVERY) return;
  rendersSinceCollection = 0;
  if (collectGarbage === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collectGarbage = runInNewContext('gc') as () => void;
    } catch {
      collectGarbage = null;
    }
  }
  collectGarbage?.();
}

const renderPayload = z.object({
  companyId: z.number().int().positive(),
  certificateId: z.number().int().positive(),
  /** The first render of a newly issued certificate tells the person; a re-issue does not. */
  notify: z.boolean(),
});

const systemInitiator = (companyId: number): Initiator => ({
  companyId,
  userId: null,
  impersonatorId: null,
  ip: null,
  requestId: null,
});

const asLocale = (language: string): Locale =>
  (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'tr';

/** The title of what a definition certifies (an education, program, exam or assignment), by SQL. */
export const refTitleSql = sql<string | null>`case certificate_definitions.trigger
  when 'education' then (select e.title from educations e where e.id = certificate_definitions.ref_id)
  when 'program' then (select p.title from programs p where p.id = certificate_definitions.ref_id)
  when 'exam' then (select x.title from exams x where x.id = certificate_definitions.ref_id)
  else (select a.name from assignments a where a.id = certificate_definitions.ref_id) end`;

interface Renderer {
  prepare(companyId: number, templateId: number): Promise<RenderableTemplate>;
  render(template: RenderableTemplate, values: CertificateValues): Promise<RenderedCertificate>;
}

/**
 * Issuing (issue 16): the completion events issue a certificate for every live definition of the item — one per
 * person, definition and cycle, so a repeated event issues nothing new — and queue its rendering; the job renders the
 * PDF and PNG, stores them as private files of the company, tells the person (notification and the
 * `certificate_earned` mail with a link to /my-certification) and publishes `certificate.issued`.
 */
export function createCertificateIssuing(
  platform: Platform,
  needs: { notifications: NotificationsService; auth: AuthService },
  renderer: Renderer,
) {
  const db = platform.database.db;

  /** Whether the person still owes the education's evaluation survey before this definition's certificate. */
  async function awaitsEvaluation(tx: Db, definition: typeof certificateDefinitions.$inferSelect, userId: number) {
    if (definition.trigger !== 'education') return false;
    const [education] = await tx
      .select({ surveyId: educations.evaluationSurveyId, required: educations.evaluationRequiredForCertificate })
      .from(educations)
      .where(eq(educations.id, definition.refId));
    if (!education?.surveyId || !(definition.evaluationRequired || education.required)) return false;
    const [submitted] = await tx
      .select({ id: surveyParticipations.id })
      .from(surveyParticipations)
      .where(
        and(
          eq(surveyParticipations.surveyId, education.surveyId),
          eq(surveyParticipations.userId, userId),
          eq(surveyParticipations.educationId, definition.refId),
          eq(surveyParticipations.status, 'submitted'),
        ),
      );
    return !submitted;
  }

  /**
   * Issues the definition's certificate to the person unless they hold one of the current cycle: none yet starts
   * cycle 1, an expired one the next cycle; a valid or revoked one issues nothing. Answers the new certificate's id.
   */
  async function issue(
    tx: Db,
    definition: typeof certificateDefinitions.$inferSelect,
    userId: number,
    score: number | null,
  ): Promise<number | null> {
    const [latest] = await tx
      .select({ cycle: certificates.cycle, status: certificates.status })
      .from(certificates)
      .where(
        and(
          eq(certificates.companyId, definition.companyId),
          eq(certificates.userId, userId),
          eq(certificates.definitionId, definition.id),
        ),
      )
      .orderBy(desc(certificates.cycle))
      .limit(1);
    if (latest && latest.status !== 'expired') return null;
    const cycle = (latest?.cycle ?? 0) + 1;
    const issuedAt = new Date();
    // A number already taken in the company (40 random bits: rare) is drawn again; a cycle taken by a concurrent
    // event means that event issued it.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(certificates)
        .values({
          companyId: definition.companyId,
          userId,
          definitionId: definition.id,
          cycle,
          number: newCertificateNumber(issuedAt),
          issuedAt,
          expiresAt: definition.validityMonths ? addMonths(issuedAt, definition.validityMonths) : null,
          score: definition.trigger === 'exam' ? score : null,
          templateId: definition.templateId,
        })
        .onConflictDoNothing()
        .returning({ id: certificates.id });
      if (row) {
        await platform.jobs.enqueue(
          tx,
          RENDER_JOB,
          { companyId: definition.companyId, certificateId: row.id, notify: true },
          { idempotencyKey: `${RENDER_JOB}:${definition.companyId}:${row.id}:issue` },
        );
        return row.id;
      }
      const [taken] = await tx
        .select({ id: certificates.id })
        .from(certificates)
        .where(
          and(
            eq(certificates.companyId, definition.companyId),
            eq(certificates.userId, userId),
            eq(certificates.definitionId, definition.id),
            eq(certificates.cycle, cycle),
          ),
        );
      if (taken) return null;
    }
    throw new Error('no free certificate number after 5 draws');
  }

  /** The live definitions of an item and trigger (active, with a template), with an exam's least score met. */
  async function liveDefinitions(tx: Db, companyId: number, trigger: CertificateTrigger, refId: number) {
    const rows = await tx
      .select()
      .from(certificateDefinitions)
      .where(
        and(
          eq(certificateDefinitions.companyId, companyId),
          eq(certificateDefinitions.trigger, trigger),
          eq(certificateDefinitions.refId, refId),
          eq(certificateDefinitions.status, 1),
        ),
      );
    return rows.filter((row) => row.templateId !== null);
  }

  /** A completion event: every live definition of its trigger and item issues the person's certificate. */
  async function onCompletion(event: DomainEvent) {
    const trigger = ISSUE_EVENTS[event.action];
    const after = (event.after ?? {}) as Record<string, unknown>;
    const userId = after.user_id;
    if (!trigger || typeof event.entityId !== 'number' || typeof userId !== 'number') return;
    const score = typeof after.score_percent === 'number' ? after.score_percent : null;
    await inTenant(db, event.companyId, async (tx) => {
      for (const definition of await liveDefinitions(tx, event.companyId, trigger, event.entityId as number)) {
        if (trigger === 'exam' && definition.minScore !== null && (score === null || score < definition.minScore)) {
          continue;
        }
        if (await awaitsEvaluation(tx, definition, userId)) continue;
        await issue(tx, definition, userId, score);
      }
    });
  }

  /** An evaluation survey answered for an education the person has completed: the certificates that waited for it. */
  async function onEvaluationAnswered(event: DomainEvent) {
    const after = (event.after ?? {}) as Record<string, unknown>;
    const userId = after.user_id;
    const educationId = after.education_id;
    if (typeof userId !== 'number' || typeof educationId !== 'number') return;
    await inTenant(db, event.companyId, async (tx) => {
      const [completed] = await tx
        .select({ id: educationEnrolments.id })
        .from(educationEnrolments)
        .where(
          and(
            eq(educationEnrolments.educationId, educationId),
            eq(educationEnrolments.userId, userId),
            eq(educationEnrolments.status, 'completed'),
          ),
        );
      if (!completed) return;
      for (const definition of await liveDefinitions(tx, event.companyId, 'education', educationId)) {
        if (await awaitsEvaluation(tx, definition, userId)) continue;
        await issue(tx, definition, userId, null);
      }
    });
  }

  for (const action of Object.keys(ISSUE_EVENTS)) platform.events.subscribe(action, onCompletion);
  platform.events.subscribe('survey.answered', onEvaluationAnswered);

  /** What one certificate prints, read in the company's scope. */
  async function valuesOf(tx: Db, companyId: number, certificateId: number) {
    const [row] = await tx
      .select({
        certificate: certificates,
        definitionName: certificateDefinitions.name,
        definitionTemplateId: certificateDefinitions.templateId,
        trigger: certificateDefinitions.trigger,
        refId: certificateDefinitions.refId,
        title: refTitleSql,
        name: users.name,
        surname: users.surname,
        email: users.email,
        language: users.language,
        company: { name: companies.name, slug: companies.slug, customDomain: companies.customDomain },
      })
      .from(certificates)
      .innerJoin(certificateDefinitions, eq(certificateDefinitions.id, certificates.definitionId))
      .innerJoin(users, eq(users.id, certificates.userId))
      .innerJoin(companies, eq(companies.id, certificates.companyId))
      .where(and(eq(certificates.companyId, companyId), eq(certificates.id, certificateId)));
    if (!row) return null;
    let durationHours: number | null = null;
    if (row.trigger === 'education') {
      const [education] = await tx
        .select({ minutes: educations.estimatedMinutes })
        .from(educations)
        .where(eq(educations.id, row.refId));
      if (education?.minutes) durationHours = Math.round((education.minutes / 60) * 10) / 10;
    }
    const origin = publicOrigin(
      platform.config,
      row.company.customDomain ?? `${row.company.slug}.${platform.config.BASE_DOMAIN}`,
    );
    const language = asLocale(row.language);
    const values: CertificateValues = {
      language,
      full_name: `${row.name} ${row.surname}`.trim(),
      education_name: row.title ?? row.definitionName,
      completion_date: dayOf(row.certificate.issuedAt),
      certificate_number: row.certificate.number,
      expiry_date: row.certificate.expiresAt ? dayOf(row.certificate.expiresAt) : null,
      duration_hours: durationHours,
      score: row.certificate.score,
      verification_url: `${origin}/verify/${row.certificate.number}`,
    };
    return { row, values };
  }

  /** Stores one rendered file as a private file of the company, attached (the clean-up keeps it); answers its id. */
  async function storeFile(tx: Db, companyId: number, body: Uint8Array, format: 'pdf' | 'png', fileName: string) {
    const mime = format === 'pdf' ? 'application/pdf' : 'image/png';
    const { name, size } = await platform.files.put(companyId, format, Buffer.from(body), { contentType: mime });
    const [row] = await tx
      .insert(storedFiles)
      .values({
        companyId,
        name,
        originalName: `${fileName}.${format}`,
        size,
        mime,
        visibility: 'private',
        attachments: 1,
        attachedAt: new Date(),
      })
      .returning({ id: storedFiles.id });
    if (!row) throw new Error('stored file insert returned nothing');
    return row.id;
  }

  /**
   * The render job: the PDF and PNG from the definition's current template; the first render tells the person. The
   * template is read and rendered outside the transaction that stores the result (the renderer reads in its own).
   */
  async function renderCertificate({ companyId, certificateId, notify }: z.infer<typeof renderPayload>) {
    const found = await inTenant(db, companyId, (tx) => valuesOf(tx, companyId, certificateId));
    if (!found || found.row.certificate.status === 'revoked') return { rendered: false };
    const { row, values } = found;
    const templateId = row.definitionTemplateId ?? row.certificate.templateId;
    if (templateId === null) return { rendered: false };
    const template = await renderer.prepare(companyId, templateId);
    const rendered = await renderer.render(template, values);
    collectNowAndThen();
    const link =
      notify && row.email
        ? (
            await needs.auth.deepLinks(companyId, [row.certificate.userId], {
              type: 'my-certification',
              id: certificateId,
              ttlSeconds: MAIL_LINK_TTL_SECONDS,
            })
          ).get(row.certificate.userId)
        : undefined;
    return inTenant(db, companyId, async (tx) => {
      const pdfFileId = await storeFile(tx, companyId, rendered.pdf, 'pdf', row.certificate.number);
      const pngFileId = await storeFile(tx, companyId, rendered.png, 'png', row.certificate.number);
      // The files of an earlier render are let go: the clean-up removes them once nothing points at them.
      const [current] = await tx
        .select({ pdf: certificates.pdfFileId, png: certificates.pngFileId })
        .from(certificates)
        .where(eq(certificates.id, certificateId))
        .for('update');
      const previous = [current?.pdf ?? null, current?.png ?? null].filter((id): id is number => id !== null);
      if (previous.length > 0) {
        await tx
          .update(storedFiles)
          .set({ attachments: sql`greatest(${storedFiles.attachments} - 1, 0)` })
          .where(and(eq(storedFiles.companyId, companyId), inArray(storedFiles.id, previous)));
      }
      await tx
        .update(certificates)
        .set({ pdfFileId, pngFileId, templateId, updatedAt: new Date() })
        .where(eq(certificates.id, certificateId));
      if (notify) await tell(tx, row, values, link);
      return { rendered: true };
    });
  }

  /** The notification, the `certificate_earned` mail and the `certificate.issued` event of a new certificate. */
  async function tell(
    tx: Db,
    row: NonNullable<Awaited<ReturnType<typeof valuesOf>>>['row'],
    values: CertificateValues,
    link: string | undefined,
  ) {
    const { certificate } = row;
    const t = translator(values.language);
    const message = t('myCertificates.notification', { name: row.definitionName });
    await needs.notifications.sendToMany(
      tx,
      {
        companyId: certificate.companyId,
        name: message,
        text: row.definitionName,
        data: {
          message,
          text: row.definitionName,
          apiUrl: '/api/certificates/me',
          webUrl: { name: 'User.my-certification' },
        },
        createdBy: null,
      },
      sql`select ${certificate.userId}::integer`,
    );
    if (row.email) {
      await platform.jobs.enqueue(
        tx,
        EVENT_MAIL_JOB,
        eventMail({
          to: row.email,
          companyId: certificate.companyId,
          language: values.language,
          event: 'certificate_earned',
          variables: {
            name: row.name,
            company: row.company.name,
            certificate_name: row.definitionName,
            action_url: link,
          },
        }),
      );
    }
    await record(tx, systemInitiator(certificate.companyId), {
      action: 'certificate.issued',
      entity: 'certificate',
      id: certificate.id,
      companyId: certificate.companyId,
      after: {
        user_id: certificate.userId,
        definition_id: certificate.definitionId,
        number: certificate.number,
        cycle: certificate.cycle,
      },
    });
  }

  platform.jobs.register({ name: RENDER_JOB, schema: renderPayload, handle: renderCertificate });

  return {
    /** Queues a certificate's render again (a template changed): same number, new files, nobody told again. */
    rerender: (tx: Db, companyId: number, certificateId: number) =>
      platform.jobs.enqueue(tx, RENDER_JOB, { companyId, certificateId, notify: false }),
  };
}

export type CertificateIssuing = ReturnType<typeof createCertificateIssuing>;

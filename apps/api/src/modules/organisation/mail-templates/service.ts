import {
  isLocale,
  isMailEvent,
  LOCALES,
  type Locale,
  MAIL_EVENTS,
  type MailEvent,
  type MailPreview,
  type MailTemplate,
  type MailTemplateInput,
  type MailTemplateSummary,
  type MailVariable,
  variablesOf,
} from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import { publicOrigin } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { companies, mailTemplates, users } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { HttpError, invalidFields, notFound } from '../../../platform/http/errors.js';
import { type Translate, translator } from '../../../platform/i18n.js';
import {
  checkTemplate,
  defaultTemplate,
  type MailTemplateSource,
  registerEventMailJob,
  renderTemplate,
  sanitizeMailHtml,
  type TemplateProblem,
} from '../../../platform/mail-templates.js';
import { createLimiter } from '../../../platform/rate-limit.js';

/** A template that cannot be saved or sent; the route turns its problems into a localized 422. */
export class MailTemplateInvalid extends Error {
  constructor(readonly problems: TemplateProblem[]) {
    super('mail template invalid');
  }
}

/** Test mails an administrator may send to themselves in ten minutes (a light brake on a mail cannon). */
const TEST_MAILS_PER_WINDOW = 5;
const TEST_MAIL_WINDOW_SECONDS = 600;

/** The template a path names: an event of the catalogue and a language, else nothing is found. */
export function templateKeyOf(params: { event: string; language: string }): { event: MailEvent; language: Locale } {
  if (!isMailEvent(params.event) || !isLocale(params.language)) throw notFound();
  return { event: params.event, language: params.language };
}

/** What is stored and sent: the body sanitized, then both parts checked against the event's variables. */
function prepare(event: MailEvent, input: MailTemplateInput): MailTemplateSource {
  const source = { subject: input.subject, body: sanitizeMailHtml(input.body).trim() };
  if (!source.body) throw invalidFields({ body: 'mail_templates.errors.body_empty' });
  // Checked after sanitizing: removing a tag can join two halves of a brace into a tag of its own.
  const problems = checkTemplate(event, source);
  if (problems.length > 0) throw new MailTemplateInvalid(problems);
  return source;
}

const snapshot = (source: MailTemplateSource | undefined) =>
  source ? { subject: source.subject, body: source.body } : null;

/** `/api/admin/mail-templates`: the company's own texts of the mails Kampus sends, per event and language. */
export function createMailTemplatesService(platform: Platform) {
  const db = platform.database.db;
  registerEventMailJob(platform);
  const testMails = createLimiter({
    prefix: 'mail-template-test',
    points: TEST_MAILS_PER_WINDOW,
    durationSeconds: TEST_MAIL_WINDOW_SECONDS,
  });

  const findRow = (tx: Db, companyId: number, event: MailEvent, language: Locale) =>
    tx
      .select({
        id: mailTemplates.id,
        subject: mailTemplates.subject,
        body: mailTemplates.body,
        updatedAt: mailTemplates.updatedAt,
        updatedBy: mailTemplates.updatedBy,
        editorName: users.name,
        editorSurname: users.surname,
      })
      .from(mailTemplates)
      .leftJoin(users, eq(users.id, mailTemplates.updatedBy))
      .where(
        and(
          eq(mailTemplates.companyId, companyId),
          eq(mailTemplates.event, event),
          eq(mailTemplates.language, language),
        ),
      )
      .limit(1)
      .then((rows) => rows[0]);

  /** The values a preview or a test mail prints: the company's own name and address, the rest from the locales. */
  async function sampleValues(tx: Db, companyId: number, language: Locale): Promise<Record<MailVariable, string>> {
    const [company] = await tx
      .select({ name: companies.name, slug: companies.slug, customDomain: companies.customDomain })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound();
    const t = translator(language);
    const origin = publicOrigin(
      platform.config,
      company.customDomain ?? `${company.slug}.${platform.config.BASE_DOMAIN}`,
    );
    return {
      name: t('mail_templates.samples.name'),
      company: company.name,
      action_url: `${origin}/dashboard`,
      minutes: t('mail_templates.samples.minutes'),
      days: t('mail_templates.samples.days'),
      reason: t('mail_templates.samples.reason'),
      assignment_name: t('mail_templates.samples.assignment_name'),
      due_date: t('mail_templates.samples.due_date'),
      certificate_name: t('mail_templates.samples.certificate_name'),
      expiry_date: t('mail_templates.samples.expiry_date'),
      person_name: t('mail_templates.samples.person_name'),
      gift_name: t('mail_templates.samples.gift_name'),
      decision: t('mail_templates.samples.decision'),
      code: t('mail_templates.samples.code'),
      education_name: t('mail_templates.samples.education_name'),
    };
  }

  async function readIn(tx: Db, actor: Actor, event: MailEvent, language: Locale, t: Translate) {
    const [row, samples] = await Promise.all([
      findRow(tx, actor.companyId, event, language),
      sampleValues(tx, actor.companyId, language),
    ]);
    const source = row ?? defaultTemplate(event, language);
    const template: MailTemplate = {
      event,
      language,
      subject: source.subject,
      body: source.body,
      customized: Boolean(row),
      updated_at: row?.updatedAt.toISOString() ?? null,
      updated_by:
        row?.updatedBy && row.editorName !== null
          ? { id: row.updatedBy, name: row.editorName, surname: row.editorSurname ?? '' }
          : null,
      variables: variablesOf(event).map((name) => ({
        name,
        description: t(`mail_templates.variables.${name}`),
        sample: samples[name],
      })),
    };
    return template;
  }

  const audit = (
    tx: Db,
    actor: Actor,
    action: 'updated' | 'reset',
    id: number,
    key: { event: MailEvent; language: Locale },
    before: MailTemplateSource | undefined,
    after: MailTemplateSource | undefined,
  ) =>
    record(tx, actor, {
      action: `mail_template.${action}`,
      entity: 'mail_template',
      id: id,
      before: before ? { ...key, ...snapshot(before) } : null,
      after: after ? { ...key, ...snapshot(after) } : null,
    });

  async function render(actor: Actor, event: MailEvent, language: Locale, input: MailTemplateInput) {
    const source = prepare(event, input);
    const samples = await inTenant(db, actor.companyId, (tx) => sampleValues(tx, actor.companyId, language));
    return renderTemplate(source, samples);
  }

  /** The acting person's own address. Read as the identity code does: a group admin's home may be another company. */
  const emailOf = (userId: number) =>
    asSystem(db, (tx) =>
      tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .then((rows) => rows[0]?.email ?? null),
    );

  return {
    /** Every event × language, with whether the company has its own text. */
    list: (actor: Actor): Promise<MailTemplateSummary[]> =>
      inTenant(db, actor.companyId, async (tx) => {
        const rows = await tx
          .select({ event: mailTemplates.event, language: mailTemplates.language, updatedAt: mailTemplates.updatedAt })
          .from(mailTemplates)
          .where(eq(mailTemplates.companyId, actor.companyId));
        const updated = new Map(rows.map((r) => [`${r.event}:${r.language}`, r.updatedAt.toISOString()]));
        return MAIL_EVENTS.map((event) => ({
          event,
          variables: [...variablesOf(event)],
          languages: LOCALES.map((language) => {
            const updatedAt = updated.get(`${event}:${language}`) ?? null;
            return { language, customized: updatedAt !== null, updated_at: updatedAt };
          }),
        }));
      }),

    read: (actor: Actor, event: MailEvent, language: Locale, t: Translate) =>
      inTenant(db, actor.companyId, (tx) => readIn(tx, actor, event, language, t)),

    /** Saves the company's text of one mail (sanitized, checked) and audits it. */
    save: (actor: Actor, event: MailEvent, language: Locale, input: MailTemplateInput, t: Translate) => {
      const source = prepare(event, input);
      return inTenant(db, actor.companyId, async (tx) => {
        const before = await findRow(tx, actor.companyId, event, language);
        const [row] = await tx
          .insert(mailTemplates)
          .values({ companyId: actor.companyId, event, language, ...source, updatedBy: actor.userId })
          .onConflictDoUpdate({
            target: [mailTemplates.companyId, mailTemplates.event, mailTemplates.language],
            set: { ...source, updatedBy: actor.userId, updatedAt: new Date() },
          })
          .returning({ id: mailTemplates.id });
        await audit(tx, actor, 'updated', row!.id, { event, language }, before, source);
        return readIn(tx, actor, event, language, t);
      });
    },

    /** Back to the built-in text. Nothing to remove is not an error, and changes (and audits) nothing. */
    reset: (actor: Actor, event: MailEvent, language: Locale) =>
      inTenant(db, actor.companyId, async (tx) => {
        const [removed] = await tx
          .delete(mailTemplates)
          .where(
            and(
              eq(mailTemplates.companyId, actor.companyId),
              eq(mailTemplates.event, event),
              eq(mailTemplates.language, language),
            ),
          )
          .returning();
        if (removed) await audit(tx, actor, 'reset', removed.id, { event, language }, removed, undefined);
        return Boolean(removed);
      }),

    /** The mail as it would leave with the sample values; nothing is saved. */
    preview: (actor: Actor, event: MailEvent, language: Locale, input: MailTemplateInput): Promise<MailPreview> =>
      render(actor, event, language, input),

    /** Sends the unsaved text, filled with the sample values, to the acting person's own address. */
    async sendTest(actor: Actor, event: MailEvent, language: Locale, input: MailTemplateInput, t: Translate) {
      const rendered = await render(actor, event, language, input);
      const email = await emailOf(actor.userId);
      if (!email) throw new HttpError(422, 'mail_templates.errors.no_email');
      await testMails.consume(`${actor.companyId}:${actor.userId}`);
      const subject = `${t('mail_templates.test_subject_prefix')} ${rendered.subject}`;
      await platform.jobs.enqueue(db, 'mail.send', { to: email, subject, html: rendered.html, text: rendered.text });
      return email;
    },
  };
}

export type MailTemplatesService = ReturnType<typeof createMailTemplatesService>;

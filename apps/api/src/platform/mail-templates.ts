import {
  isAwaitedMail,
  LOCALES,
  type Locale,
  MAIL_EVENT_CATALOGUE,
  type MailEvent,
  type MailVariable,
  mailEventSchema,
  variablesOf,
} from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import { compile } from 'html-to-text';
import Mustache from 'mustache';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { mailTemplates } from '../db/schema/index.js';
import { inTenant } from '../db/scope.js';
import type { Platform } from './deps.js';
import { translator } from './i18n.js';
import { AWAITED_JOB_PRIORITY } from './jobs.js';
import type { MailMessage } from './mail.js';

/** A mail's text before its values are filled in: a plain-text subject and an HTML body, both with `{{variables}}`. */
export interface MailTemplateSource {
  subject: string;
  body: string;
}

/** Why a template is refused: a message key of `mail_templates.errors` on a field, with its values. */
export interface TemplateProblem {
  field: 'subject' | 'body';
  key: string;
  params?: Record<string, string>;
}

/** For values, which may land in an attribute as well as in text. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** For text between tags: quotes stay readable in the editor, as the sanitizer leaves them. */
const escapeText = (value: string) =>
  value.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

// One writer of our own, without Mustache's global cache: every preview keystroke would otherwise stay in memory.
const writer = new Mustache.Writer();
(writer as unknown as { templateCache: undefined }).templateCache = undefined;

type Token = [type: string, value: string, start: number, end: number, children?: Token[] | string];

/** Tags that would print unescaped HTML, pull in other templates or change the delimiters: never for admins. */
const REFUSED_TAGS: Record<string, string> = {
  '&': 'mail_templates.errors.raw_output',
  '>': 'mail_templates.errors.unsupported_tag',
  '=': 'mail_templates.errors.unsupported_tag',
};

function* walk(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if (Array.isArray(token[4])) yield* walk(token[4]);
  }
}

/** The problems of one template text: syntax, refused tags and variables the event does not know. */
function problemsOf(field: TemplateProblem['field'], source: string, allowed: readonly string[]): TemplateProblem[] {
  let tokens: Token[];
  try {
    tokens = writer.parse(source) as Token[];
  } catch (error) {
    return [{ field, key: 'mail_templates.errors.syntax', params: { detail: (error as Error).message } }];
  }
  const problems: TemplateProblem[] = [];
  const unknown = new Set<string>();
  for (const [type, value] of walk(tokens)) {
    const refused = REFUSED_TAGS[type];
    if (refused) {
      problems.push({ field, key: refused, params: { tag: value } });
    } else if ((type === 'name' || type === '#' || type === '^') && !allowed.includes(value)) {
      unknown.add(value);
    }
  }
  if (unknown.size > 0) {
    problems.push({
      field,
      key: 'mail_templates.errors.unknown_variables',
      params: { names: [...unknown].map((name) => `{{${name}}}`).join(', ') },
    });
  }
  return problems;
}

/** Checks a template against the variables of its event; an empty list means it may be saved and sent. */
export function checkTemplate(event: MailEvent, source: MailTemplateSource): TemplateProblem[] {
  const allowed = variablesOf(event);
  return [...problemsOf('subject', source.subject, allowed), ...problemsOf('body', source.body, allowed)];
}

/** Inline styles mail clients understand; anything reaching outside the mail (url(), expression()) is dropped. */
const SAFE_STYLE_VALUE = [/^(?!.*(?:url\s*\(|expression\s*\(|javascript:|@import))[^<>{};]*$/i];
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'text-align',
  'text-decoration',
  'line-height',
  'letter-spacing',
  'vertical-align',
  'display',
  'width',
  'max-width',
  'height',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-radius',
  'border-collapse',
];
const CELL_ATTRIBUTES = ['colspan', 'rowspan', 'width', 'height', 'valign', 'bgcolor'];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'center'],
  allowedAttributes: {
    '*': ['style', 'align', 'dir', 'title', 'lang'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['width', 'cellpadding', 'cellspacing', 'border', 'bgcolor', 'role'],
    td: CELL_ATTRIBUTES,
    th: CELL_ATTRIBUTES,
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, SAFE_STYLE_VALUE])) },
  // Links opened from a mail must not hand the mail client's window to the target.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** The HTML a template body may hold: formatting, links, images and tables; no script, frame, form or handler. */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/**
 * html-to-text's converter for mail, compiled once: `convert()` compiles its options (the selector tree) on every
 * call, which was most of a mail's CPU time and garbage (a 10,000-person assignment sends 10,000 mails).
 */
let mailTextConverter: ((html: string) => string) | undefined;

/** The plain-text part of a mail, from its HTML: paragraphs kept, links written out after their text. */
export function htmlToText(html: string): string {
  mailTextConverter ??= compile({
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
    ],
  });
  return mailTextConverter(html).trim();
}

/** Mustache's view without a prototype, so a name can only ever find a value the sender gave. */
function viewOf(variables: Record<string, string>): Record<string, string> {
  return Object.assign(Object.create(null) as Record<string, string>, variables);
}

/**
 * Fills a template in: every value HTML-escaped in the body, the subject kept on one line as plain text, the
 * result sanitized once more (a value may have made a link of something) and a text part derived from it.
 */
export function renderTemplate(
  source: MailTemplateSource,
  variables: Record<string, string>,
): { subject: string; html: string; text: string } {
  const view = viewOf(variables);
  const subject = writer
    .render(source.subject, view, undefined, { escape: (value: string) => value })
    .replace(/\s+/g, ' ')
    .trim();
  const html = sanitizeMailHtml(writer.render(source.body, view, undefined, { escape: escapeHtml }));
  return { subject, html, text: htmlToText(html) };
}

const defaults = new Map<string, MailTemplateSource>();

/**
 * The built-in template of an event in a language, from the `mail.*` locale texts in the layout every Kampus mail
 * has had: greeting, text, the call to action, the "ignore this" notice where it applies, the signature.
 */
export function defaultTemplate(event: MailEvent, language: Locale): MailTemplateSource {
  const cacheKey = `${event}:${language}`;
  const cached = defaults.get(cacheKey);
  if (cached) return cached;
  const t = translator(language);
  // The locale texts use the same {{name}} placeholders, so each is filled with itself.
  const placeholders = Object.fromEntries(variablesOf(event).map((name) => [name, `{{${name}}}`]));
  const text = (key: string) => escapeText(t(key, placeholders));
  const declaration = MAIL_EVENT_CATALOGUE[event];
  const paragraphs = [`<p>${text('mail.greeting')}</p>`, `<p>${text(`mail.${event}_body`)}</p>`];
  if (declaration.action) paragraphs.push(`<p><a href="{{action_url}}">${text(`mail.${event}_action`)}</a></p>`);
  if (declaration.ignoreNotice) paragraphs.push(`<p style="color:#666">${text('mail.ignore_notice')}</p>`);
  paragraphs.push(`<p>${text('mail.signature')}</p>`);
  const template = { subject: t(`mail.${event}_subject`, placeholders), body: paragraphs.join('\n') };
  defaults.set(cacheKey, template);
  return template;
}

/** The company's own template of an event in a language, if it has one: the one query of a mail. */
export async function findCompanyTemplate(
  db: Db,
  companyId: number,
  event: MailEvent,
  language: Locale,
): Promise<MailTemplateSource | undefined> {
  const [row] = await inTenant(db, companyId, (tx) =>
    tx
      .select({ subject: mailTemplates.subject, body: mailTemplates.body })
      .from(mailTemplates)
      .where(
        and(
          eq(mailTemplates.companyId, companyId),
          eq(mailTemplates.event, event),
          eq(mailTemplates.language, language),
        ),
      )
      .limit(1),
  );
  return row;
}

/** The job that sends an event's mail: its template is chosen when the mail leaves, not when it is asked for. */
export const EVENT_MAIL_JOB = 'mail.event';

export const eventMailSchema = z.object({
  to: z.string(),
  companyId: z.number().int(),
  language: z.enum(LOCALES),
  event: mailEventSchema,
  variables: z.record(z.string(), z.string()),
  /** Composed like any other and then dropped: the work done for an unknown account equals a real one's. */
  decoy: z.boolean().optional(),
});
export type EventMail = z.infer<typeof eventMailSchema>;

type VariablesOf<E extends MailEvent> = Partial<
  Record<(typeof MAIL_EVENT_CATALOGUE)[E]['variables'][number], string | number | null | undefined>
>;

/**
 * The payload of one event mail, for `jobs.enqueue(EVENT_MAIL_JOB, …)`: to whom, in which company and language,
 * and the values its template may print (only the event's own variables type-check).
 */
export function eventMail<E extends MailEvent>(mail: {
  to: string;
  companyId: number;
  language: Locale;
  event: E;
  variables: VariablesOf<E>;
  decoy?: boolean;
}): EventMail {
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(mail.variables as Record<MailVariable, unknown>)) {
    if (value !== null && value !== undefined) variables[name] = String(value);
  }
  return {
    to: mail.to,
    companyId: mail.companyId,
    language: mail.language,
    event: mail.event,
    variables,
    ...(mail.decoy ? { decoy: true } : {}),
  };
}

/** An event mail as it leaves: the company's template in the recipient's language, else the built-in one. */
export async function composeEventMail(db: Db, mail: EventMail): Promise<MailMessage> {
  const template =
    (await findCompanyTemplate(db, mail.companyId, mail.event, mail.language)) ??
    defaultTemplate(mail.event, mail.language);
  return { to: mail.to, ...renderTemplate(template, mail.variables) };
}

/** Registers the event-mail job on the platform's queue (once, by the mail-templates module). */
export function registerEventMailJob(platform: Pick<Platform, 'jobs' | 'mailer' | 'database'>): void {
  platform.jobs.register({
    name: EVENT_MAIL_JOB,
    schema: eventMailSchema,
    priority: (mail) => (isAwaitedMail(mail.event) ? AWAITED_JOB_PRIORITY : 0),
    handle: async (mail) => {
      const message = await composeEventMail(platform.database.db, mail);
      if (!mail.decoy) await platform.mailer.send(message);
    },
  });
}

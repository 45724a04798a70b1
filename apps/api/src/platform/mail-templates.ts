import type { Translate } from './i18n.js';
import type { MailMessage } from './mail.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface ActionMail {
  to: string;
  name: string;
  company: string;
  /** Message-key prefix: `${kind}_subject`, `${kind}_body`, `${kind}_action` under mail.* */
  kind: 'password_reset' | 'password_create' | 'invitation' | 'verification';
  url: string;
  params?: Record<string, unknown>;
}

/** A mail with one call to action, in the recipient's language, every value escaped into the HTML part. */
export function renderActionMail(t: Translate, mail: ActionMail): MailMessage {
  const params = { company: mail.company, name: mail.name, ...mail.params };
  const greeting = t('mail.greeting', params);
  const body = t(`mail.${mail.kind}_body`, params);
  const action = t(`mail.${mail.kind}_action`, params);
  const ignore = t('mail.ignore_notice');
  const signature = t('mail.signature', params);
  return {
    to: mail.to,
    subject: t(`mail.${mail.kind}_subject`, params),
    text: `${greeting}\n\n${body}\n\n${action}: ${mail.url}\n\n${ignore}\n\n${signature}\n`,
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(mail.url)}">${escapeHtml(action)}</a></p>`,
      `<p style="color:#666">${escapeHtml(ignore)}</p>`,
      `<p>${escapeHtml(signature)}</p>`,
    ].join('\n'),
  };
}

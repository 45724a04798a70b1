import { LOCALES, MAIL_EVENTS } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { checkTemplate, defaultTemplate, eventMail, renderTemplate, sanitizeMailHtml } from './mail-templates.js';

const keysOf = (problems: ReturnType<typeof checkTemplate>) => problems.map((p) => `${p.field}:${p.key}`);

describe('mail template engine', () => {
  it('escapes every value in the body and keeps the subject as plain text on one line', () => {
    const rendered = renderTemplate(
      { subject: 'Merhaba {{name}}', body: '<p>Merhaba {{name}}, <a href="{{action_url}}">aç</a></p>' },
      { name: '<script>alert("x")</script> & "Ali"\nBey', action_url: 'https://demo.localhost/x?a=1&b=2' },
    );
    expect(rendered.subject).toBe('Merhaba <script>alert("x")</script> & "Ali" Bey');
    expect(rendered.html).not.toContain('<script');
    expect(rendered.html).toContain('&lt;script&gt;alert(');
    expect(rendered.html).toContain('href="https://demo.localhost/x?a=1&amp;b=2"');
    expect(rendered.text).toContain('https://demo.localhost/x?a=1&b=2');
    expect(rendered.text).toContain('<script>alert("x")</script>');
  });

  it('refuses triple braces, & tags, partials and delimiter changes', () => {
    const problems = checkTemplate('password_reset', {
      subject: '{{&name}}',
      body: '<p>{{{name}}} {{> footer}} {{=<% %>=}}</p>',
    });
    expect(keysOf(problems)).toEqual([
      'subject:mail_templates.errors.raw_output',
      'body:mail_templates.errors.raw_output',
      'body:mail_templates.errors.unsupported_tag',
      'body:mail_templates.errors.unsupported_tag',
    ]);
  });

  it('lists the variables an event does not have, also inside sections and dotted lookups', () => {
    const problems = checkTemplate('password_reset', {
      subject: '{{company}} {{days}}',
      body: '<p>{{name}} {{#reason}}{{reason}}{{/reason}} {{name.length}} {{constructor}} {{minutes}}</p>',
    });
    expect(problems).toEqual([
      {
        field: 'subject',
        key: 'mail_templates.errors.unknown_variables',
        params: { names: '{{days}}' },
      },
      {
        field: 'body',
        key: 'mail_templates.errors.unknown_variables',
        params: { names: '{{reason}}, {{name.length}}, {{constructor}}' },
      },
    ]);
    expect(checkTemplate('registration_rejected', { subject: 'x', body: '{{#reason}}{{reason}}{{/reason}}' })).toEqual(
      [],
    );
  });

  it('reports a template that does not parse', () => {
    expect(keysOf(checkTemplate('invitation', { subject: 'ok', body: '{{#name}} never closed' }))).toEqual([
      'body:mail_templates.errors.syntax',
    ]);
  });

  it('sanitizes scripts, frames, forms, handlers and script links out of a body, keeping mail formatting', () => {
    const clean = sanitizeMailHtml(
      [
        '<p style="color:#c00;background:url(javascript:x)" onclick="steal()">Merhaba {{name}}</p>',
        '<script>alert(1)</script><iframe src="https://evil.test"></iframe><form><input></form>',
        '<a href="javascript:alert(1)">kötü</a> <a href="{{action_url}}" target="_blank">iyi</a>',
        '<table width="600"><tr><td align="center">hücre</td></tr></table><img src="https://cdn.test/logo.png" alt="logo">',
      ].join(''),
    );
    expect(clean).not.toMatch(/script|iframe|form|input|onclick|javascript|url\(/i);
    expect(clean).toContain('<p style="color:#c00">Merhaba {{name}}</p>');
    expect(clean).toContain('<a href="{{action_url}}" target="_blank" rel="noopener noreferrer">iyi</a>');
    expect(clean).toContain('<td align="center">hücre</td>');
    expect(clean).toContain('<img src="https://cdn.test/logo.png" alt="logo" />');
  });

  it('builds a valid built-in template for every event and language from the locales', () => {
    for (const event of MAIL_EVENTS) {
      for (const language of LOCALES) {
        const template = defaultTemplate(event, language);
        expect(checkTemplate(event, template), `${event}/${language}`).toEqual([]);
        expect(template.subject, `${event}/${language}`).not.toContain(`mail.${event}`);
        expect(template.body, `${event}/${language}`).not.toContain(`mail.${event}`);
      }
    }
  });

  it('renders the built-in password reset mail in the layout Kampus mails have', () => {
    const rendered = renderTemplate(defaultTemplate('password_reset', 'en'), {
      name: 'Jane',
      company: 'Acme & Co',
      action_url: 'https://acme.localhost/reset-password/abc',
      minutes: '60',
    });
    expect(rendered.subject).toBe('Acme & Co – Reset your password');
    expect(rendered.html).toBe(
      [
        '<p>Hello Jane,</p>',
        '<p>Open the link below to reset your password. It is valid for 60 minutes.</p>',
        '<p><a href="https://acme.localhost/reset-password/abc" rel="noopener noreferrer">Reset my password</a></p>',
        '<p style="color:#666">If you did not ask for this, you can ignore this email.</p>',
        '<p>The Acme &amp; Co learning platform</p>',
      ].join('\n'),
    );
    expect(rendered.text).toContain('Reset my password [https://acme.localhost/reset-password/abc]');
  });

  it('keeps only the given values of a mail, as text', () => {
    expect(
      eventMail({
        to: 'a@example.test',
        companyId: 3,
        language: 'de',
        event: 'password_reset',
        variables: { name: 'Anna', minutes: 60, company: undefined },
      }),
    ).toEqual({
      to: 'a@example.test',
      companyId: 3,
      language: 'de',
      event: 'password_reset',
      variables: { name: 'Anna', minutes: '60' },
    });
  });
});

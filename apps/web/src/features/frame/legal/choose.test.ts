import { type LegalTextSetting, LOCALES } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { chooseLegalText, legalTextSetting } from './choose.js';
import type { LegalDocument } from './documents.js';
import { BUILT_IN_LEGAL_TEXTS } from './texts/index.js';

const page = (host: string) => ({ host, hostname: host.replace(/:\d+$/, '') });

const setting: LegalTextSetting = {
  default: { tr: '<p>Varsayılan</p>', en: '  ' },
  hosts: {
    'akademi.example.com': { tr: '<p>Akademi</p>', az: '<p>Akademiya</p>' },
    'demo.localhost:3000': { en: '<p>Port variant</p>' },
    'demo.localhost': { en: '<p>Any port</p>' },
    'bos.example.com': { de: '<p>Nur Deutsch</p>' },
  },
};

const htmlOf = (host: string, language: string, value: LegalTextSetting | null = setting) => {
  const chosen = chooseLegalText('personal_data_notice', value, page(host), language, 'Akademi A.Ş.');
  return chosen.kind === 'html' ? chosen.html : `document:${chosen.document.title}`;
};

describe('choosing a legal text', () => {
  it.each([
    ['the host variant in the language', 'akademi.example.com', 'az', '<p>Akademiya</p>'],
    ['the host variant in tr when the language is missing', 'akademi.example.com', 'de', '<p>Akademi</p>'],
    ['the host variant matched with its port', 'demo.localhost:3000', 'en', '<p>Port variant</p>'],
    ['the host variant matched by name on another port', 'demo.localhost:5173', 'en', '<p>Any port</p>'],
    ['the company default for another host', 'other.example.com', 'tr', '<p>Varsayılan</p>'],
    ['the default in tr when the language text is blank', 'other.example.com', 'en', '<p>Varsayılan</p>'],
    ['the default when the host variant has neither language nor tr', 'bos.example.com', 'en', '<p>Varsayılan</p>'],
    ['host names in any case', 'AKADEMI.example.com', 'tr', '<p>Akademi</p>'],
  ])('takes %s', (_case, host, language, expected) => {
    expect(htmlOf(host, language)).toBe(expected);
  });

  it('falls back to the built-in text in the language, naming the company', () => {
    const chosen = chooseLegalText('personal_data_notice', null, page('demo.localhost'), 'az', 'Akademi A.Ş.');
    expect(chosen.kind).toBe('document');
    const document = (chosen as { document: LegalDocument }).document;
    expect(document.title).toBe(BUILT_IN_LEGAL_TEXTS.az.personalData('x').title);
    expect(JSON.stringify(document)).toContain('Akademi A.Ş.');
  });

  it('uses the built-in text when the company has texts for neither the language nor tr', () => {
    const onlyGerman: LegalTextSetting = { default: { de: '<p>Hinweis</p>' }, hosts: {} };
    expect(htmlOf('demo.localhost', 'en', onlyGerman)).toBe(
      `document:${BUILT_IN_LEGAL_TEXTS.en.personalData('x').title}`,
    );
    expect(htmlOf('demo.localhost', 'de', onlyGerman)).toBe('<p>Hinweis</p>');
  });

  it('uses the built-in Turkish text for an unknown language', () => {
    expect(htmlOf('demo.localhost', 'fr', null)).toBe(`document:${BUILT_IN_LEGAL_TEXTS.tr.personalData('x').title}`);
  });

  it('gives the generic user information text for the clarification link', () => {
    const chosen = chooseLegalText('clarification_text', null, page('demo.localhost'), 'de', 'Demo');
    expect(chosen).toEqual({ kind: 'document', document: BUILT_IN_LEGAL_TEXTS.de.userInformation('Demo') });
  });

  it('reads the setting from the company settings and ignores one that is not valid', () => {
    const settings = [
      { key: 'personal_data_notice', value: { default: { tr: '<p>x</p>' } } },
      { key: 'clarification_text', value: 'not an object' },
    ];
    expect(legalTextSetting(settings, 'personal_data_notice')).toEqual({ default: { tr: '<p>x</p>' }, hosts: {} });
    expect(legalTextSetting(settings, 'clarification_text')).toBeNull();
    expect(legalTextSetting(undefined, 'clarification_text')).toBeNull();
  });
});

describe('the built-in legal texts', () => {
  const text = (document: LegalDocument) => JSON.stringify(document);

  it.each(LOCALES)('%s names the company as controller and promises an answer within 30 days', (code) => {
    const notice = BUILT_IN_LEGAL_TEXTS[code].personalData('Örnek Şirket');
    expect(text(notice)).toContain('Örnek Şirket');
    expect(text(notice)).toContain('(30)');
    expect(text(BUILT_IN_LEGAL_TEXTS[code].userInformation('Örnek Şirket'))).toContain('(30)');
  });

  it.each(LOCALES)('%s has the same sections as the Turkish text', (code) => {
    const shape = (document: LegalDocument) =>
      document.sections.map((s) => [s.paragraphs?.length ?? 0, s.items?.length ?? 0, s.closing?.length ?? 0]);
    const tr = BUILT_IN_LEGAL_TEXTS.tr;
    const other = BUILT_IN_LEGAL_TEXTS[code];
    expect(other.personalData('x').sections).toHaveLength(8);
    expect(shape(other.userInformation('x'))).toEqual(shape(tr.userInformation('x')));
    expect(other.personalData('x').sections.map((s) => Boolean(s.items))).toEqual(
      tr.personalData('x').sections.map((s) => Boolean(s.items)),
    );
  });

  it('cites the Turkish and Azerbaijani laws', () => {
    expect(text(BUILT_IN_LEGAL_TEXTS.tr.personalData('x'))).toContain('6698 sayılı Kişisel Verilerin Korunması Kanunu');
    expect(text(BUILT_IN_LEGAL_TEXTS.az.personalData('x'))).toContain(
      '“Fərdi məlumatlar haqqında” Azərbaycan Respublikasının Qanunu',
    );
  });
});

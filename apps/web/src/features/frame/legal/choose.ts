import {
  type CompanySettingEntry,
  DEFAULT_LOCALE,
  isLocale,
  type LegalTextSetting,
  type LocalizedLegalText,
  legalTextSettingSchema,
} from '@kampus/shared';
import type { LegalDocument } from './documents.js';
import { BUILT_IN_LEGAL_TEXTS } from './texts/index.js';

export type LegalTextKind = 'personal_data_notice' | 'clarification_text';

/** Either a company's own HTML (sanitized when shown) or one of Kampus's built-in documents. */
export type ChosenLegalText = { kind: 'html'; html: string } | { kind: 'document'; document: LegalDocument };

/** Where the page is open: `host` keeps the port (demo.localhost:3000), `hostname` does not. */
export interface PageHost {
  host: string;
  hostname: string;
}

/** The company's setting, or nothing when it is absent or (from an older version) no longer valid. */
export function legalTextSetting(settings: CompanySettingEntry[] | undefined, kind: LegalTextKind) {
  const value = settings?.find((entry) => entry.key === kind)?.value;
  const parsed = legalTextSettingSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The text of one variant in the language, else in tr; empty texts count as absent. */
function inLanguage(texts: LocalizedLegalText | undefined, language: string): string | null {
  const code = isLocale(language) ? language : DEFAULT_LOCALE;
  const text = texts?.[code]?.trim() || texts?.[DEFAULT_LOCALE]?.trim();
  return text || null;
}

/** The variant for this host: matched with the port first, then by name alone. */
function hostVariant(setting: LegalTextSetting, page: PageHost): LocalizedLegalText | undefined {
  return setting.hosts[page.host.toLowerCase()] ?? setting.hosts[page.hostname.toLowerCase()];
}

/**
 * The text to show (spec §1, §2.9): the company's variant for this host, else the company default, else Kampus's
 * built-in text; each in the current language, falling back to tr.
 */
export function chooseLegalText(
  kind: LegalTextKind,
  setting: LegalTextSetting | null,
  page: PageHost,
  language: string,
  companyName: string,
): ChosenLegalText {
  if (setting) {
    const html = inLanguage(hostVariant(setting, page), language) ?? inLanguage(setting.default, language);
    if (html) return { kind: 'html', html };
  }
  const texts = BUILT_IN_LEGAL_TEXTS[isLocale(language) ? language : DEFAULT_LOCALE];
  const document =
    kind === 'personal_data_notice' ? texts.personalData(companyName) : texts.userInformation(companyName);
  return { kind: 'document', document };
}

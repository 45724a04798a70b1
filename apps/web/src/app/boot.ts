import {
  COMPANY_JSON_ELEMENT_ID,
  type CompanySelf,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  type Localization,
} from '@kampus/shared';
import { currentLanguage } from '../lib/i18n.js';
import { STORAGE_KEYS, storage } from '../lib/storage.js';

export interface Boot {
  /** The host's company; null on the marketing host. */
  company: CompanySelf | null;
  /** The language the app starts in: the stored one, else the company default, else tr (spec §9). */
  language: Locale;
  /** The languages and the translations of `language` only. */
  localization: Localization;
}

/**
 * Tells the server which language the next page load starts in (a preference, not a secret): it writes it as the
 * page's `lang` and has the browser fetch that language's texts beside the scripts (platform/http/web.ts).
 */
export function rememberStartLanguage(language: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari.
  document.cookie = `kampus_language=${language}; path=/; max-age=31536000; samesite=lax`;
}

async function getJson<T>(url: string): Promise<T | null> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } }).catch(() => null);
  return response?.ok ? ((await response.json()) as T) : null;
}

/**
 * The host's api/company/self answer as the server wrote it into the page (platform/http/web.ts), so the app does
 * not ask for it again; null when the page carries none (the marketing host, or the server could not read it).
 */
function companyInPage(): { data: CompanySelf } | null {
  const element = document.getElementById(COMPANY_JSON_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as { data: CompanySelf };
  } catch {
    return null;
  }
}

const localizationOf = (language: Locale) => getJson<Localization>(`/api/localization?language=${language}`);

/**
 * What the app needs before its first render: the company of this host and the current language's translations —
 * only that language's (issue 11: a switch stores the choice and reloads, which loads the new language).
 * The language depends on the company's default, so the texts are asked for with the language of the last start
 * (else the page's `lang`, which the server sets to the company's default) beside the company; only when the
 * company says otherwise is the right language asked for after it.
 */
export async function loadBoot(): Promise<Boot> {
  const stored =
    storage.get<string>(STORAGE_KEYS.language) ??
    storage.get<string>(STORAGE_KEYS.lastLanguage) ??
    document.documentElement.lang;
  const guess: Locale = isLocale(stored) ? stored : DEFAULT_LOCALE;
  const inPage = companyInPage();
  const [company, guessed] = await Promise.all([
    inPage ?? getJson<{ data: CompanySelf }>('/api/company/self'),
    localizationOf(guess),
  ]);
  const language = currentLanguage(company?.data.default_language);
  const localization = language === guess ? guessed : await localizationOf(language);
  if (!localization) throw new Error('The translations could not be loaded.');
  if (language !== guess) void storage.set(STORAGE_KEYS.lastLanguage, language);
  rememberStartLanguage(language);
  return { company: company?.data ?? null, language, localization };
}

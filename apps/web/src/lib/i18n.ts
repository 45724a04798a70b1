import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, type Localization } from '@kampus/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from './storage.js';

/** The stored language, else the company default, else tr (spec §9). */
export function currentLanguage(companyDefault?: string | null): Locale {
  const stored = storage.get<string>(STORAGE_KEYS.language);
  if (isLocale(stored)) return stored;
  return isLocale(companyDefault) ? companyDefault : DEFAULT_LOCALE;
}

/**
 * Translations come from GET /api/localization?language=xx (spec §3): the current language's only. tr stays the
 * fallback language, but every locale holds every key (packages/shared's locales test), so tr is not loaded besides.
 */
export async function initI18n(localization: Localization, language: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(localization.translations).map(([code, tree]) => [code, { translation: tree }]),
    ),
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
}

export { i18next };

import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, translations } from '@kampus/shared';
import i18next, { type TFunction } from 'i18next';

const instance = i18next.createInstance();
await instance.init({
  resources: Object.fromEntries(LOCALES.map((code) => [code, { translation: translations[code] }])),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  // Server messages go out as JSON or are escaped where they enter HTML, never interpolated into markup raw.
  interpolation: { escapeValue: false },
  initAsync: false,
});

export type Translate = (key: string, params?: Record<string, unknown>) => string;

const languages = new WeakMap<Translate, Locale>();

/** A translator for one language; unknown keys fall back to tr, then to the key itself. */
export function translator(locale: Locale): Translate {
  const t: TFunction = instance.getFixedT(locale);
  const translate: Translate = (key, params) => t(key, params ?? {}) as string;
  languages.set(translate, locale);
  return translate;
}

/** The language a translator speaks, for texts the company wrote per language (tr for any other function). */
export function languageOf(t: Translate): Locale {
  return languages.get(t) ?? DEFAULT_LOCALE;
}

export function hasTranslation(key: string): boolean {
  return instance.exists(key, { lng: DEFAULT_LOCALE });
}

/** Server messages follow X-Content-Language (default tr). */
export function localeFromHeader(header: string | string[] | undefined): Locale {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().slice(0, 2).toLowerCase();
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Business constants and limits of spec §9, and the app version of spec §1. */
export const APP_VERSION = '1.0.1';

export const LOCALES = ['tr', 'en', 'az', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'tr';
export function isLocale(code: unknown): code is Locale {
  return typeof code === 'string' && (LOCALES as readonly string[]).includes(code);
}
/** Time zone follows the language: Asia/Baku for az, else Europe/Istanbul (spec §9). */
export function timeZoneFor(locale: Locale): string {
  return locale === 'az' ? 'Asia/Baku' : 'Europe/Istanbul';
}

export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_FADE_MS = 300;
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const MANDATORY_CHECK_INTERVAL_MS = 6000;
export const OFFLINE_REMOVAL_DELAY_MS = 5000;
export const NETWORK_NOTICE_COOLDOWN_MS = 2000;
export const NOTIFICATION_PAGE_SIZE = 10;
export const BADGE_BIG_ABOVE = 99;
export const CHAT_PAGE_SIZE = 10;
export const VIDEO_GUARD_TOLERANCE_S = 2;

export const DEFAULT_THEME = {
  iconColor: '#93949c',
  infoColor: '#00b8d9',
  backgroundColor: '#666CFF',
  primaryColor: '#3F51B5',
  secondaryColor: '#eff2f7',
  dangerColor: '#EC5252',
  successColor: '#36b37e',
  warningColor: '#ffab00',
} as const;

/** Password policy (OWASP ASVS 2.1): length bounds; the common-password list is checked by the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Identity lifetimes. */
export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const ONE_TIME_LOGIN_TTL_SECONDS = 10 * 60;

/** The home page's advertisement slider turns to the next banner after this long (spec §9). */
export const SLIDER_AUTOPLAY_MS = 7000;
/** The lightbox's controls hide after this long without the pointer or a key (spec §9). */
export const LIGHTBOX_CONTROLS_HIDE_MS = 3000;

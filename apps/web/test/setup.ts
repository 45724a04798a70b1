// Setup of the web project's component tests: what jsdom lacks and Mantine needs, and the translations in English.
import { LOCALES, type Localization, translations } from '@kampus/shared';
import { initI18n } from '../src/lib/i18n.js';

window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

await initI18n({ languages: LOCALES.map((code) => ({ code })), translations } as unknown as Localization, 'en');

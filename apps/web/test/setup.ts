// Setup of the web project's component tests: what jsdom lacks and Mantine needs, and the translations in English.
import { LOCALES, type Localization, translations } from '@kampus/shared';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../src/lib/i18n.js';

// Testing Library unmounts after each test by itself only with Vitest's globals, which this project leaves off. A
// test left mounted keeps its timers (a closing modal's scroll lock), which then fire into the next file's torn-down
// window.
afterEach(cleanup);

// findBy… and waitFor give up after 1 s by default, which a busy 2-core machine's rendering can exceed; a failure
// still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// The tests ask for reduced motion, which the theme respects: no transitions, so no transition timer outlives its
// test and fires into a torn-down window ("window is not defined").
window.matchMedia ??= ((query: string) => ({
  matches: query.includes('prefers-reduced-motion'),
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

import type { Locale } from './constants.js';

/**
 * What the server writes into a page so that it shows before the web app's scripts have run (issue 11), shared by
 * the server (apps/api platform/http/web.ts) and the web app (apps/web src/lib/shell.ts, boot.ts).
 */

/** The element of the first-paint shell: a copy of the page in plain HTML, removed once the app shows the page. */
export const SHELL_ELEMENT_ID = 'kampus-shell';

/** The `<script type="application/json">` holding the host's api/company/self answer, read instead of fetching it. */
export const COMPANY_JSON_ELEMENT_ID = 'kampus-company';

/** The prefix of every key the web app keeps in localStorage (its values are sealed; the keys are not). */
export const STORAGE_PREFIX = 'kampus:';

/**
 * Where the web app keeps the key its stored values are sealed with (IndexedDB database, object store, entry), and
 * the mark of a value deflated before sealing: the learner home's shell script opens the values the same way.
 */
export const SEALED_STORAGE = { database: 'kampus-keys', store: 'keys', key: 'storage', deflated: 'z~' } as const;

/** The inner SVG (viewBox 0 0 30 20) of each language's flag: emoji flags do not render on Windows or many Linuxes. */
export const FLAG_SHAPES: Record<Locale, string> = {
  tr:
    '<rect width="30" height="20" fill="#E30A17"/><circle cx="11" cy="10" r="5" fill="#fff"/>' +
    '<circle cx="12.3" cy="10" r="4" fill="#E30A17"/>' +
    '<polygon points="17,10 20.6,8.8 18.4,11.9 18.4,8.1 20.6,11.2" fill="#fff"/>',
  az:
    '<rect width="30" height="20" fill="#00B5E2"/><rect y="6.67" width="30" height="6.67" fill="#EF3340"/>' +
    '<rect y="13.33" width="30" height="6.67" fill="#509E2F"/><circle cx="14.3" cy="10" r="2.6" fill="#fff"/>' +
    '<circle cx="15" cy="10" r="2.1" fill="#EF3340"/><circle cx="17.6" cy="10" r="0.9" fill="#fff"/>',
  de:
    '<rect width="30" height="6.67" fill="#000"/><rect y="6.67" width="30" height="6.67" fill="#DD0000"/>' +
    '<rect y="13.33" width="30" height="6.67" fill="#FFCE00"/>',
  en:
    '<rect width="30" height="20" fill="#012169"/><path d="M0,0 30,20 M30,0 0,20" stroke="#fff" stroke-width="4"/>' +
    '<path d="M0,0 30,20 M30,0 0,20" stroke="#C8102E" stroke-width="1.5"/>' +
    '<path d="M15,0 V20 M0,10 H30" stroke="#fff" stroke-width="6"/>' +
    '<path d="M15,0 V20 M0,10 H30" stroke="#C8102E" stroke-width="3.5"/>',
};

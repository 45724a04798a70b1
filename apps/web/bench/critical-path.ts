import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** Issue 11's target: the sign-in page and the learner home load at most this much gzipped JS and CSS to show. */
export const CRITICAL_PATH_BUDGET = 170 * 1000;

/**
 * What e2e/budget.e2e.ts enforces for each page: the target itself since it is met. Lower it as the path shrinks;
 * never raise it above the budget.
 */
export const CRITICAL_PATH_CEILING = { signIn: CRITICAL_PATH_BUDGET, learnerHome: CRITICAL_PATH_BUDGET };

/**
 * Source modules that must never be on the sign-in or learner path: admin-only code and heavy libraries. A match
 * is tested against the `sources` of each loaded chunk's source map.
 */
export const KEPT_OFF_THE_LEARNER_PATH: RegExp[] = [
  /node_modules\/mantine-datatable\//,
  /node_modules\/@mantine\/dropzone\//,
  /node_modules\/@mantine\/dates\//,
  /node_modules\/@dnd-kit\//,
  /node_modules\/exceljs\//,
  /node_modules\/@tiptap\//,
  /node_modules\/@mantine\/tiptap\//,
  /\/locales\/(tr|en|az|de)\.json$/,
  // Admin screens; the route declarations (paths and permissions, in the route table) and access rules stay.
  /apps\/web\/src\/features\/.*\/admin\/(?!(routes\.tsx?|route-kit\.ts|access\.ts)$)/,
  /apps\/web\/src\/app\/layouts\/AdminLayout\.tsx$/,
  // The content library's admin screens (features/learning/content mirrors the API module; only its routes stay).
  /apps\/web\/src\/features\/learning\/content\/(?!routes\.ts$)/,
  /apps\/web\/src\/components\/(DataTable|UploadField|DayInput|ResourceForm)\.tsx$/,
];

export interface AssetLoad {
  /** The path under the build, e.g. `assets/index-abc.js`. */
  file: string;
  gzipBytes: number;
}

export interface CriticalPath {
  assets: AssetLoad[];
  jsBytes: number;
  cssBytes: number;
  totalBytes: number;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/**
 * Starts noting the scripts and style sheets of the build that `page` began to fetch before an element matching
 * `shown` (a CSS selector: the page's content) was in its document, as the browser's resource timing tells. The parts
 * a page loads after it has shown (lib/deferred.tsx) are left out however soon they follow, which a list of the
 * requests seen until the test noticed the element could not tell apart. Read it once the page is quiet: a fetch is
 * listed when it has finished.
 */
export async function recordAssets(page: Page, shown: string): Promise<() => Promise<string[]>> {
  // A string, not a function: tsx (npm run bench:web) would add helpers to a function that the page does not have.
  await page.addInitScript(`
    new MutationObserver(() => {
      if (window.__kampusShownAt === undefined && document.querySelector(${JSON.stringify(shown)})) {
        window.__kampusShownAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  `);
  return async () => {
    const urls = await page.evaluate(() => {
      const shownAt = (window as unknown as { __kampusShownAt?: number }).__kampusShownAt ?? Number.POSITIVE_INFINITY;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= shownAt)
        .map((entry) => entry.name);
    });
    const files = new Set<string>();
    for (const url of urls) {
      const { pathname } = new URL(url);
      if (/^\/assets\/.+\.(js|css)$/.test(pathname)) files.add(pathname.slice(1));
    }
    return [...files];
  };
}

/** The gzipped sizes (as built in `dist`) of the assets a page asked for. */
export function criticalPath(dist: string, files: string[]): CriticalPath {
  const assets = files.map((file) => ({ file, gzipBytes: gzipSize(path.join(dist, file)) }));
  const sum = (ext: string) => assets.filter((a) => a.file.endsWith(ext)).reduce((n, a) => n + a.gzipBytes, 0);
  return { assets, jsBytes: sum('.js'), cssBytes: sum('.css'), totalBytes: sum('.js') + sum('.css') };
}

/** The source modules bundled into the given chunks, from their source maps. */
export function sourcesOf(dist: string, files: string[]): string[] {
  return files.flatMap((file) => {
    const map = path.join(dist, `${file}.map`);
    if (!file.endsWith('.js') || !existsSync(map)) return [];
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
    return sources.map((source) => path.resolve(path.dirname(map), source));
  });
}

/** Sources that match KEPT_OFF_THE_LEARNER_PATH. */
export function forbiddenSources(dist: string, files: string[]): string[] {
  return sourcesOf(dist, files).filter((source) => KEPT_OFF_THE_LEARNER_PATH.some((pattern) => pattern.test(source)));
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

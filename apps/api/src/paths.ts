import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Set by the production build (scripts/build.mjs) to the way from the bundle's folder to apps/api; absent when the
 * code runs from source (tsx, vitest).
 */
declare const KAMPUS_API_ROOT: string | undefined;

const builtRoot = typeof KAMPUS_API_ROOT === 'string' ? KAMPUS_API_ROOT : undefined;
/** apps/api/src from source; the bundle's folder (apps/api/dist) in the build, since this file is bundled into it. */
const here = path.dirname(fileURLToPath(import.meta.url));

/** True when running the production build (`node dist/main.js`), false from TypeScript source. */
export const isBuilt = builtRoot !== undefined;

/**
 * The one place the API finds files it reads at run time, from source or from the build alike: apps/api. The build
 * copies nothing; the migrations, common-passwords.txt and the web build are read where they are in the repository.
 */
export const apiRoot = path.resolve(here, builtRoot ?? '..');

/** A file or folder of apps/api, e.g. `apiPath('src/db/migrations')`. */
export function apiPath(...parts: string[]): string {
  return path.join(apiRoot, ...parts);
}

/**
 * The import worker thread's entry: compiled beside main.js in the build; from source, a JavaScript shim that
 * loads the TypeScript worker through tsx (the same under tsx and vitest).
 */
export const importWorkerEntry = isBuilt
  ? path.join(here, 'import-worker.js')
  : apiPath('src/platform/imports/import-worker.mjs');

#!/usr/bin/env node
// The API's production build (npm start, npm run build): esbuild bundles the server's own code and @kampus/shared
// (TypeScript, JSON locales) into dist/main.js, and the import worker (xlsx and csv imports) into dist/import-worker.js beside it, so
// plain `node dist/main.js` runs without tsx. Packages from node_modules stay external and load as usual (argon2's
// native binary, PGlite's wasm, the AWS SDK). Files read at run time — the migrations, common-passwords.txt, the web
// build — are not copied: src/paths.ts finds them from apps/api, which the bundle knows through KAMPUS_API_ROOT below.
//
//   node scripts/build.mjs [--outdir <dir>]   (default apps/api/dist; the browser tests build into their own folder)
//
// The output folder must lie inside apps/api: the bundle imports its packages, which Node looks for in the
// node_modules folders above the file (apps/api/node_modules, then the root's).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const started = performance.now();
const apiRoot = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(values.outdir ?? path.join(apiRoot, 'dist'));
if (path.relative(apiRoot, outdir).startsWith('..') || path.isAbsolute(path.relative(apiRoot, outdir))) {
  console.error(`The build must go inside ${apiRoot} (so it finds node_modules), not ${outdir}.`);
  process.exit(1);
}

/** Every bare import is external except the workspace's own packages, which are TypeScript source and get bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@kampus/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  absWorkingDir: apiRoot,
  entryPoints: {
    main: 'src/main.ts',
    'import-worker': 'src/platform/imports/import-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [externalPackages],
  // Logged errors keep their class names (pino's `type`), and stack traces map back to src with --enable-source-maps.
  keepNames: true,
  sourcemap: 'linked',
  // How src/paths.ts finds apps/api from the bundle (each entry sits at the top of outdir).
  define: { KAMPUS_API_ROOT: JSON.stringify(path.relative(outdir, apiRoot) || '.') },
  logLevel: 'warning',
});

console.log(
  `API built in ${Math.round(performance.now() - started)} ms (${path.relative(process.cwd(), outdir) || '.'})`,
);

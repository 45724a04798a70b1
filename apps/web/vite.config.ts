import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstScreenChunks } from './build/first-screen-chunks.js';

/**
 * Writes a Brotli and a gzip copy beside every script and sheet of the build, once, at build time: the API serves them
 * to browsers that accept them (`preCompressed` in platform/http/web.ts), so no request pays for compressing.
 */
function precompress(): Plugin {
  return {
    name: 'kampus-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const file = path.join(options.dir ?? 'dist', fileName);
        if (statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Mantine's styles per component (issue 11): each of @mantine/core's components keeps its class names in a
 * `X.module.mjs`, and `styles/X.css` holds that component's rules; importing the sheet from that module puts it in
 * whichever chunk holds the component, so a page loads the rules of the components it shows, not all 98 (34 kB gz).
 * Dependencies' modules run first, so a base component's rules (UnstyledButton) precede its dependants' (Button)
 * as in Mantine's whole sheet. The dev server pre-bundles Mantine without this transform, so it gets the whole sheet.
 */
function mantineStylesPerComponent(): Plugin {
  const moduleFile = /\/@mantine\/core\/esm\/.*\/(\w+)\.module\.mjs$/;
  let serve = false;
  return {
    name: 'kampus-mantine-styles-per-component',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) return id.endsWith('/src/main.tsx') ? `import '@mantine/core/styles.css';\n${code}` : null;
      const name = moduleFile.exec(id)?.[1];
      return name ? { code: `import '@mantine/core/styles/${name}.css';\n${code}`, map: null } : null;
    },
  };
}

/**
 * AppShell's header, footer and aside import react-remove-scroll (with its sidecar, tslib and style singletons, about
 * 4 kB gz) only to read one class name, `RemoveScroll.classNames.zeroRight`, the constant 'right-scroll-bar-position'
 * of react-remove-scroll-bar, where react-remove-scroll itself takes it from. Importing the constant instead keeps the
 * package off the learner frame's first paint (issue 11); the modals that really remove scrolling still load it.
 */
function appShellScrollClassName(): Plugin {
  const appShellPart = /\/@mantine\/core\/esm\/components\/AppShell\/AppShell(Header|Footer|Aside)\/\w+\.mjs$/;
  const importLine = 'import { RemoveScroll } from "react-remove-scroll";';
  return {
    name: 'kampus-app-shell-scroll-class-name',
    apply: 'build',
    transform(code, id) {
      if (!appShellPart.test(id)) return null;
      if (!code.includes(importLine) || !code.includes('RemoveScroll.classNames.zeroRight'))
        this.error(`${id} no longer reads RemoveScroll.classNames.zeroRight as expected: check the transform.`);
      return {
        code: code
          .replace(importLine, 'import { zeroRightClassName } from "react-remove-scroll-bar/constants";')
          .replaceAll('RemoveScroll.classNames.zeroRight', 'zeroRightClassName'),
        map: null,
      };
    },
  };
}

const firstScreens = firstScreenChunks(
  {
    'sign-in': ['src/features/identity/auth/LoginPage.tsx'],
    'learner-home': ['src/app/layouts/DashboardLayout.tsx', 'src/features/frame/home/DashboardPage.tsx'],
  },
  'src/main.tsx',
  import.meta.dirname,
);

const api = process.env.KAMPUS_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), mantineStylesPerComponent(), appShellScrollClassName(), firstScreens.plugin, precompress()],
  server: {
    // The API tells companies apart by host name, so the proxy keeps the browser's Host (demo.localhost:5173).
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true, changeOrigin: false },
    },
    allowedHosts: ['.localhost'],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: firstScreens.groups },
        // A chunk's name is its hash alone: the entry lists every lazily loaded chunk's file for preloading, and their
        // names (LearnerHome-, EducationCategoryFormPage-…) were bytes of every first paint. Source maps still name the
        // modules. Seven characters of hash, not eight (rolldown's least for this many chunks): the list grows with
        // every page (some 230 chunks), and each character is a quarter of a kB of the sign-in page's budget.
        chunkFileNames: 'assets/[hash:7].js',
      },
    },
  },
});

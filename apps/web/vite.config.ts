import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const api = process.env.KAMPUS_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    // The API tells companies apart by host name, so the proxy keeps the browser's Host (demo.localhost:5173).
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true, changeOrigin: false },
    },
    allowedHosts: ['.localhost'],
  },
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 900 },
});

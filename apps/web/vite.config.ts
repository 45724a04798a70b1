import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.KAMPUS_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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

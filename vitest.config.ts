import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { E2E_SERVERS } from './apps/web/e2e/server.js';

/**
 * The web component tests that replace a module (vi.mock). Those need a module graph of their own; the rest share
 * one per worker (isolate: false), which saves the set-up of jsdom, Mantine and the app's modules for each file
 * (three quarters of the stage's time, issue 13).
 */
const webTestsMockingModules = readdirSync('apps/web/src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(`apps/web/src/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);

// Rendering Mantine pages in jsdom takes seconds on a busy 2-core machine; 5 s failed tests that merely waited.
const web = { root: './apps/web', environment: 'jsdom', setupFiles: ['./test/setup.ts'], testTimeout: 20_000 };

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle, which on a 2-core machine means one worker; the tests wait mostly on
    // their own embedded database and jsdom, so every core gets a worker.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          ...web,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: webTestsMockingModules,
          isolate: false,
        },
      },
      { test: { ...web, name: 'web-mocks', include: webTestsMockingModules } },
      {
        test: {
          name: 'e2e',
          root: './apps/web',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['./e2e/server.ts'],
          // Two files at once on two cores (each worker drives a server of its own, e2e/servers.ts): a test may
          // wait longer for its turn at the CPU than when it ran alone.
          testTimeout: 120_000,
          hookTimeout: 240_000,
          maxWorkers: E2E_SERVERS,
          // Each file launches its own Chromium and reads its worker's server at run time (e2e/servers.ts); the
          // helpers keep no state between files, so the files share the modules a worker loaded (playwright-core,
          // axe-core) instead of importing them again for every file.
          isolate: false,
          // A worker count of its own needs a group of its own: Vitest refuses projects of one group whose
          // maxWorkers differ (`vitest run` with every project).
          sequence: { groupOrder: 1 },
          // expect.poll gives up after 1 s by default: a page that re-renders after a reload on a busy machine takes
          // longer than that without anything being wrong.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          // Each file opens its own database and app (test/database.ts, test/helpers.ts); sharing the loaded modules
          // saves reloading the server's dependencies for every file (two thirds of the stage's time, issue 13).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

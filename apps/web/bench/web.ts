/**
 * npm run bench:web (issue 11): builds the web app, starts the server as `npm start` does (a free port, a fresh
 * DATA_DIR with the demo data), and for the sign-in page, the learner home and the admin users list prints the
 * gzipped JS and CSS loaded before the page shows, and LCP, TBT and CLS measured in headless Chromium with the CPU
 * slowed ×4 and a fast-3G-like network (150 ms RTT, 1.6 Mbps down, 750 kbps up), browser cache off.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { freePort } from '../e2e/server.js';
import { CRITICAL_PATH_BUDGET, criticalPath, forbiddenSources, kb, recordAssets } from './critical-path.js';

const root = path.resolve(import.meta.dirname, '../../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Kampus!2026';
const TARGETS = { lcp: 1500, tbt: 200, cls: 0.1 };

async function startServer(dataDir: string, webDist: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The server exited early.');
    if (
      await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { port, child };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('The server did not become ready in 120 s.');
}

/** LCP, CLS and the long tasks (for TBT), observed from the first byte of the page. */
const OBSERVE = `
  window.__vitals = { lcp: 0, cls: 0, fcp: 0, longTasks: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vitals.lcp = e.renderTime || e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__vitals.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__vitals.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vitals.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
`;

interface Vitals {
  lcp: number;
  cls: number;
  fcp: number;
  longTasks: [number, number][];
}

async function measure(context: BrowserContext, url: string, shown: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(OBSERVE);
  const loaded = await recordAssets(page, shown);
  await page.goto(url);
  // The first match: a list shows all its rows at once, and a locator matching several elements cannot wait.
  await page.locator(shown).first().waitFor({ timeout: 60_000 });
  // Quiet time after the content shows, so late layout shifts and long tasks count.
  await page.waitForTimeout(3000);
  const files = await loaded();
  const vitals = (await page.evaluate('window.__vitals')) as Vitals;
  // TBT: the blocking part (beyond 50 ms) of every long task after the first contentful paint, up to the quiet time.
  const tbt = vitals.longTasks
    .filter(([start]) => start >= vitals.fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  await page.close();
  return { files, lcp: vitals.lcp, tbt, cls: vitals.cls };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kampus-bench-web-'));
  const webDist = path.join(dataDir, 'web-dist');
  console.log('Building the web app…');
  execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const { port, child } = await startServer(dataDir, webDist);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
  });
  const site = `http://demo.localhost:${port}`;
  const rows: string[][] = [];
  let failed = false;
  try {
    /** A context that has seen the personal-data notice (acknowledged once, unthrottled), signed in as `user`. */
    async function contextOf(user: string | null) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${site}/login`);
      await page.getByTestId('data-notice-accept').click();
      await page.getByTestId('data-notice-modal').waitFor({ state: 'hidden' });
      if (user) {
        const form = page.getByTestId('login-form');
        await form.locator('input[name="username"]').fill(user);
        await form.locator('input[name="password"]').fill(PASSWORD);
        await form.getByRole('button').last().click();
        await page.getByTestId('header-logo').or(page.getByTestId('admin-company')).first().waitFor();
      }
      await page.close();
      return context;
    }
    const routes = [
      {
        name: 'sign-in (/login)',
        user: null,
        path: '/login',
        shown: '[data-testid="login-form"] input[name="password"]',
        budgeted: true,
      },
      {
        name: 'learner home (/)',
        user: 'learner@demo.test',
        path: '/',
        shown: '[data-testid="dashboard-welcome"]',
        budgeted: true,
      },
      {
        name: 'admin users (/admin/user/list)',
        user: 'admin@demo.test',
        path: '/admin/user/list',
        shown: 'table tbody tr',
        budgeted: false,
      },
    ];
    for (const route of routes) {
      const context = await contextOf(route.user);
      const result = await measure(context, `${site}${route.path}`, route.shown);
      await context.close();
      const bytes = criticalPath(webDist, result.files);
      const forbidden = route.budgeted ? forbiddenSources(webDist, result.files) : [];
      const over =
        route.budgeted &&
        (bytes.totalBytes > CRITICAL_PATH_BUDGET ||
          result.lcp > TARGETS.lcp ||
          result.tbt > TARGETS.tbt ||
          result.cls > TARGETS.cls ||
          forbidden.length > 0);
      failed ||= over;
      rows.push([
        route.name,
        kb(bytes.jsBytes),
        kb(bytes.cssBytes),
        kb(bytes.totalBytes),
        String(bytes.assets.length),
        `${Math.round(result.lcp)} ms`,
        `${Math.round(result.tbt)} ms`,
        result.cls.toFixed(3),
        route.budgeted ? (over ? 'OVER' : 'ok') : '—',
      ]);
      for (const source of forbidden) console.log(`  ${route.name} loads ${path.relative(root, source)}`);
      // BENCH_WEB_ASSETS=1 lists what each route loaded, largest first: where to look when a figure grows.
      if (process.env.BENCH_WEB_ASSETS) {
        for (const asset of [...bytes.assets].sort((a, b) => b.gzipBytes - a.gzipBytes))
          console.log(`  ${route.name}  ${kb(asset.gzipBytes).padStart(9)}  ${asset.file}`);
      }
    }
  } finally {
    await browser.close();
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
  const header = ['route', 'JS gz', 'CSS gz', 'total gz', 'files', 'LCP', 'TBT', 'CLS', 'targets'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  console.log(
    `Targets for sign-in and learner home: ≤ ${kb(CRITICAL_PATH_BUDGET)} gzipped JS + CSS, LCP ≤ ${TARGETS.lcp} ms, ` +
      `TBT ≤ ${TARGETS.tbt} ms, CLS ≤ ${TARGETS.cls} (CPU ×4, 150 ms RTT, 1.6 Mbps down).`,
  );
  if (failed) process.exitCode = 1;
}

await main();

#!/usr/bin/env node
// npm test: every test of the repository. It stops early, saying how to fix it, when the machine lacks something.
import { spawn, spawnSync } from 'node:child_process';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(
    `Kampus needs Node.js 20.19 or newer; this is ${process.versions.node}. Install a newer Node.js and retry.`,
  );
  process.exit(1);
}

/** Seconds each stage took, printed at the end (and when a stage fails) so a slow stage shows. */
const timings = [];

function printTimings() {
  const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log('\nTime per stage:');
  for (const [label, seconds] of timings) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${label}`);
  console.log(`  ${total.toFixed(0).padStart(5)} s  in all`);
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([label, (performance.now() - started) / 1000]);
  if (result.status !== 0) {
    printTimings();
    console.error(`\n✖ ${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

/**
 * The checks at once, their output printed as each ends: the type checks are single-threaded and long, so side by side
 * on two cores they take about half the time they took one after another.
 */
async function runTogether(label, checks) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const results = await Promise.all(
    checks.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => {
            output += chunk;
          });
          child.stderr.on('data', (chunk) => {
            output += chunk;
          });
          child.on('close', (code) => {
            console.log(`${code === 0 ? '✓' : '✖'} ${name}${output.trim() ? `\n${output.trimEnd()}` : ''}`);
            resolve(code === 0 ? null : name);
          });
        }),
    ),
  );
  timings.push([label, (performance.now() - started) / 1000]);
  const failed = results.filter(Boolean);
  if (failed.length > 0) {
    printTimings();
    console.error(`\n✖ ${failed.join(', ')} failed.`);
    process.exit(1);
  }
}

await runTogether('Lint, format, type checks, migrations', [
  ['Lint and format (Biome)', 'npx', ['biome', 'check', '.']],
  ['Type check (shared)', 'npx', ['tsc', '-p', 'packages/shared']],
  ['Type check (api)', 'npx', ['tsc', '-p', 'apps/api']],
  ['Type check (web)', 'npx', ['tsc', '-p', 'apps/web']],
  ['Migrations match the schema', 'npm', ['run', 'db:check', '--silent']],
]);
// One stage per kind of test: the browser tests' server then never competes with the API tests for the CPU.
run('Unit tests (shared, web)', 'npx', [
  'vitest',
  'run',
  '--project',
  'shared',
  '--project',
  'web',
  '--project',
  'web-mocks',
]);
run('API tests (embedded PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api']);
run('Browser tests (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']);
printTimings();

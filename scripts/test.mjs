#!/usr/bin/env node
// npm test: every test of the repository. It stops early, saying how to fix it, when the machine lacks something.
import { spawn } from 'node:child_process';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(
    `Kampus needs Node.js 20.19 or newer; this is ${process.versions.node}. Install a newer Node.js and retry.`,
  );
  process.exit(1);
}

/** Seconds each stage took, printed at the end (and when a stage fails) so a slow stage shows. */
const timings = [];

const began = performance.now();

function printTimings() {
  // Stages overlap: the total is the time since the start, not their sum.
  const total = (performance.now() - began) / 1000;
  console.log('\nTime per stage:');
  for (const [label, seconds] of timings) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${label}`);
  console.log(`  ${total.toFixed(0).padStart(5)} s  in all`);
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
/**
 * A stage whose output is printed as it comes, each line after the stage's tag (two stages run at once below), and
 * whose time is recorded. Resolves whether it passed.
 */
function runTagged(label, tag, command, args) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) console.log(`[${tag}] ${line}`);
      });
      stream.on('end', () => {
        if (rest) console.log(`[${tag}] ${rest}`);
      });
    }
    child.on('close', (code) => {
      timings.push([label, (performance.now() - started) / 1000]);
      console.log(`${code === 0 ? '✓' : '✖'} ${label}`);
      resolve(code === 0);
    });
  });
}

// The browser tests wait on their servers, the browser and timers far more than they compute (about 40% of two cores
// when they run alone), while the unit and API tests keep both cores busy: side by side, the browser stage runs in
// the time the other two take anyway.
const browserStage = runTagged('Browser tests (Chromium)', 'browser', 'npx', ['vitest', 'run', '--project', 'e2e']);
const otherStages = (async () => {
  const unit = await runTagged('Unit tests (shared, web)', 'unit', 'npx', [
    'vitest',
    'run',
    '--project',
    'shared',
    '--project',
    'web',
    '--project',
    'web-mocks',
  ]);
  if (!unit) return ['Unit tests (shared, web)'];
  return (await runTagged('API tests (embedded PostgreSQL)', 'api', 'npx', ['vitest', 'run', '--project', 'api']))
    ? []
    : ['API tests (embedded PostgreSQL)'];
})();
const failed = [...(await otherStages), ...((await browserStage) ? [] : ['Browser tests (Chromium)'])];
printTimings();
if (failed.length > 0) {
  console.error(`\n✖ ${failed.join(', ')} failed.`);
  process.exit(1);
}

#!/usr/bin/env node
// npm test: every test of the repository. It stops early, saying how to fix it, when the machine lacks something.
import { spawnSync } from 'node:child_process';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(
    `Kampus needs Node.js 20.19 or newer; this is ${process.versions.node}. Install a newer Node.js and retry.`,
  );
  process.exit(1);
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

run('Lint and format (Biome)', 'npx', ['biome', 'check', '.']);
run('Type check (shared)', 'npx', ['tsc', '-p', 'packages/shared']);
run('Type check (api)', 'npx', ['tsc', '-p', 'apps/api']);
run('Type check (web)', 'npx', ['tsc', '-p', 'apps/web']);
run('Migrations match the schema', 'npm', ['run', 'db:check', '--silent']);
run('Unit, API (embedded PostgreSQL) and browser tests (Chromium)', 'npx', ['vitest', 'run']);

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Fails when the schema has changes that no committed migration holds: drizzle-kit would generate a new one. */
// drizzle-kit reads --out relative to the working directory, so the scratch copy lives beside the package.
const out = path.relative(process.cwd(), mkdtempSync('.migrations-check-'));
const migrations = path.resolve('src/db/migrations');
try {
  execFileSync('cp', ['-r', `${migrations}/.`, out]);
  const before = readdirSync(out).filter((f) => f.endsWith('.sql')).length;
  execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--out',
      out,
      '--schema',
      'src/db/schema/index.ts',
      '--dialect',
      'postgresql',
      '--casing',
      'snake_case',
    ],
    {
      stdio: 'pipe',
    },
  );
  const after = readdirSync(out).filter((f) => f.endsWith('.sql')).length;
  if (after !== before) {
    console.error(
      'The database schema changed but no migration was generated. Run `npm run db:generate` and commit it.',
    );
    process.exitCode = 1;
  } else {
    console.log('Migrations are up to date with the schema.');
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

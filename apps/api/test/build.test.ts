import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportWorkerAnswer, ImportWorkerInput } from '../src/platform/imports/import-worker.js';

const apiRoot = path.resolve(import.meta.dirname, '..');
const packageJson = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The package a bare import names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every module a bundle imports: esbuild writes each static import from the start of a line; dynamic ones anywhere. */
function importsOf(code: string): string[] {
  const statements = /^(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)";|^import\s*"([^"]+)";|\bimport\(\s*"([^"]+)"\s*\)/gm;
  return [...new Set([...code.matchAll(statements)].map((match) => match[1] ?? match[2] ?? match[3]!))];
}

// npm start's build (scripts/build.mjs), once, into a folder of this test inside apps/api/dist (a bundle finds its
// packages from where it lies, as any module does).
describe('the production build', () => {
  let outdir: string;
  beforeAll(() => {
    mkdirSync(path.join(apiRoot, 'dist'), { recursive: true });
    outdir = mkdtempSync(path.join(apiRoot, 'dist', 'test-'));
    execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], { cwd: apiRoot, stdio: 'pipe' });
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('makes the server and the import worker, importing only node: modules and runtime dependencies', () => {
    for (const entry of ['main.js', 'import-worker.js']) {
      expect(existsSync(path.join(outdir, entry)), entry).toBe(true);
      const imports = importsOf(readFileSync(path.join(outdir, entry), 'utf8'));
      const packages = imports.filter((name) => !name.startsWith('node:')).map(packageOf);
      // No tsx (the build runs on plain node), no @kampus/* (bundled: its package points at TypeScript), no
      // relative file (every file of the API is in the bundle), no devDependency.
      expect(imports.filter((name) => name.startsWith('.'))).toEqual([]);
      expect(packages.filter((name) => !(name in packageJson.dependencies) || name.startsWith('@kampus/'))).toEqual([]);
      expect(packages).not.toContain('tsx');
    }
  });

  it('loads the certificate renderer, the AWS SDK and ioredis only when they are used, not with the server', () => {
    // Each is tens of MB of a server's memory (npm run bench:assign's peak RSS): a static import in any module is
    // hoisted to the start of the bundle and loads at start, so these must stay dynamic imports where they are used.
    const main = readFileSync(path.join(outdir, 'main.js'), 'utf8');
    const lazy = ['pdf-lib', '@pdf-lib/fontkit', '@resvg/resvg-js', 'qrcode', '@aws-sdk/client-s3', 'ioredis'];
    const staticImports = importsOf(main.replace(/\bimport\(\s*"[^"]+"\s*\)/g, ''));
    expect(staticImports.filter((name) => lazy.includes(packageOf(name)))).toEqual([]);
    for (const name of lazy) expect(importsOf(main), name).toContain(name);
  });

  it('finds the certificate fonts from the build, where they lie in apps/api/assets/fonts', () => {
    // The bundle reads them through apiPath() (src/paths.ts), which the build points at apps/api; nothing is copied.
    const main = readFileSync(path.join(outdir, 'main.js'), 'utf8');
    expect(main).toMatch(/apiPath\(\s*"assets",\s*"fonts"/);
    for (const file of ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf', 'NotoSerif-Regular.ttf', 'NotoSerif-Bold.ttf']) {
      expect(existsSync(path.join(apiRoot, 'assets', 'fonts', file)), file).toBe(true);
    }
  });

  it('runs the import worker as plain JavaScript in a worker thread', async () => {
    const input: ImportWorkerInput = {
      file: { name: 'people.csv', mime: 'text/csv', data: Buffer.from('email,name\r\nada@example.test,Ada\r\n') },
      maxRows: 10,
    };
    const worker = new Worker(path.join(outdir, 'import-worker.js'), { workerData: input, execArgv: [] });
    const answer = await new Promise<ImportWorkerAnswer>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(answer.kind).toBe('sheet');
    expect(JSON.stringify(answer)).toContain('ada@example.test');
  });
});

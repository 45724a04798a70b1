import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

const committed = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

describe('the committed OpenAPI document', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await test.app.ready();
  });
  afterAll(() => test.close());

  it('is the document the code builds (after a contract change: npm run openapi, then review the diff)', async () => {
    const built = JSON.parse(JSON.stringify(test.app.swagger()));
    expect(built, 'docs/openapi.json is out of date: run `npm run openapi`').toEqual(
      JSON.parse(await readFile(committed, 'utf8')),
    );
  });
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';

const MB = 1024 * 1024;
/** Big enough that holding it in memory would show plainly in RSS, small enough to write and send in seconds. */
const FILE_MB = 400;

/** An MP4-looking file of FILE_MB on disk: an `ftyp` box, then filler written 1 MB at a time. */
async function writeLargeVideo(file: string): Promise<void> {
  const handle = await open(file, 'w');
  const chunk = Buffer.alloc(MB, 0x42);
  Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42')]).copy(chunk);
  for (let i = 0; i < FILE_MB; i++) {
    await handle.write(chunk);
    chunk.fill(0x42, 0, 12);
  }
  await handle.close();
}

/**
 * POSTs the file as multipart through a real socket from another process (so only the server's memory is measured
 * here), the body streamed from disk, and answers the status and body.
 */
const CLIENT = `
const [origin, host, token, file] = process.argv.slice(1);
const { createReadStream, statSync } = require('node:fs');
const { request } = require('node:http');
const boundary = '----kampus-large-upload';
const head = Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="files[]"; filename="Training.mp4"\\r\\nContent-Type: video/mp4\\r\\n\\r\\n');
const tail = Buffer.from('\\r\\n--' + boundary + '--\\r\\n');
const outgoing = request(origin + '/api/uploads?kind=video', { method: 'POST', headers: { host, authorization: 'Bearer ' + token,
  'content-type': 'multipart/form-data; boundary=' + boundary, 'content-length': head.length + statSync(file).size + tail.length } });
outgoing.on('response', (response) => {
  const chunks = [];
  response.on('data', (chunk) => chunks.push(chunk));
  response.on('end', () => process.stdout.write(JSON.stringify({ status: response.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) })));
});
outgoing.write(head);
const body = createReadStream(file);
body.pipe(outgoing, { end: false });
body.on('end', () => outgoing.end(tail));
`;

async function uploadStreamed(origin: string, host: string, token: string, file: string) {
  const client = spawn(process.execPath, ['-e', CLIENT, origin, host, token, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  client.stdout.on('data', (chunk) => {
    output += chunk;
  });
  await once(client, 'exit');
  return JSON.parse(output) as { status: number; body: { data: { name: string; size: number; url: string }[] } };
}

/** V8's gc(), without starting Node with --expose-gc. */
function exposedGc(): (options?: { type: 'minor' | 'major' }) => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc');
}

/** What the process holds in V8's heap and outside it (Buffers, ArrayBuffers, WebAssembly memory). */
function heldBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/**
 * What the process holds once garbage is gone: full collections, repeated after a turn of the event loop while they
 * still free something, since some memory outside the heap is released by a callback after the collection that found
 * it dead (here ~41 MB: the copy of the database template the test app was loaded from).
 */
async function settledHeldBytes(collect: ReturnType<typeof exposedGc>): Promise<number> {
  let held = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    collect();
    const now = heldBytes();
    if (now > held - MB) return now;
    held = now;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return held;
}

/**
 * The most this process held while `during` ran beyond what it held before, sampled every 20 ms after a young
 * collection. Dead Buffers a young collection leaves (promoted before they died) still count then, so a figure over
 * `limit` is checked again once full collections settle (a tenth of a second or more here, so only then): garbage is
 * not what the server holds, and a server that keeps the body keeps it through every collection.
 */
async function peakHeldDuring<T>(limit: number, during: () => Promise<T>): Promise<{ result: T; peak: number }> {
  const collect = exposedGc();
  const baseline = await settledHeldBytes(collect);
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await delay(20);
      collect({ type: 'minor' });
      let held = heldBytes() - baseline;
      if (held > limit && held > peak) held = (await settledHeldBytes(collect)) - baseline;
      peak = Math.max(peak, held);
    }
  })();
  const result = await during().finally(() => {
    sampling = false;
  });
  await sampler;
  return { result, peak };
}

describe('a large upload streams to storage', () => {
  let test: TestApp;
  let company: CompanyRow;
  let folder: string;
  let origin: string;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    folder = await mkdtemp(path.join(tmpdir(), 'kampus-large-'));
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await test.close();
    await rm(folder, { recursive: true, force: true });
  });

  it(`takes a ${FILE_MB} MB video through a listening server without holding it in memory`, async () => {
    const file = path.join(folder, 'training.mp4');
    await writeLargeVideo(file);
    const token = (await login(test.app, company, (await test.factories.createUser(company)).email!)).access_token;

    // What the server holds while the body streams through it (~15 MB): far below the file's size. Not the RSS: the
    // request's chunks die young, but on Node 24 they wait longer for a collection (V8 13.6 grew the young generation,
    // so V8 lets ~128 MB of dead Buffers pile up before a scavenge where Node 20 let 32 MB), and the allocator keeps
    // freed memory for reuse, so the RSS could rise by hundreds of MB of garbage there while what was held stayed put.
    const limit = (FILE_MB / 8) * MB;
    const { result: answer, peak } = await peakHeldDuring(limit, () =>
      uploadStreamed(origin, hostOf(company), token, file),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data[0]).toMatchObject({ name: 'Training.mp4', size: FILE_MB * MB, mime: 'video/mp4' });
    const stored = path.basename(answer.body.data[0]?.url ?? '');
    expect((await test.platform.files.stat(company.id, stored))?.size).toBe(FILE_MB * MB);
    expect(peak / MB).toBeLessThan(limit / MB);
  }, 30_000);
});

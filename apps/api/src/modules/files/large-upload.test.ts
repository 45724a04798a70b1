import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../test/factories.js';
import { createTestApp, hostOf, login, type TestApp } from '../../../test/helpers.js';

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

/** POSTs the file as multipart through a real socket, the body streamed from disk, and reads the answer. */
async function uploadStreamed(origin: string, host: string, token: string, file: string) {
  const boundary = '----kampus-large-upload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="Training.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = (await stat(file)).size;
  const outgoing = request(`${origin}/api/uploads?kind=video`, {
    method: 'POST',
    headers: {
      host,
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
    },
  });
  outgoing.write(head);
  const body = createReadStream(file);
  body.pipe(outgoing, { end: false });
  await once(body, 'end');
  outgoing.end(tail);
  const [response] = (await once(outgoing, 'response')) as [import('node:http').IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { status: response.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) };
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

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const answer = await uploadStreamed(origin, hostOf(company), token, file);
      expect(answer.status).toBe(201);
      expect(answer.body.data[0]).toMatchObject({ name: 'Training.mp4', size: FILE_MB * MB, mime: 'video/mp4' });
      const stored = path.basename(answer.body.data[0].url);
      expect((await test.platform.files.stat(company.id, stored))?.size).toBe(FILE_MB * MB);
    } finally {
      clearInterval(sampler);
    }
    // Client and server share this process, so the growth bounds both: far below the file's size.
    const growthMb = (peak - baseline) / MB;
    expect(growthMb).toBeLessThan(FILE_MB / 4);
  }, 30_000);
});

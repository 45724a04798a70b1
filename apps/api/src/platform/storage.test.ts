import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { readConfig } from '../config.js';
import { createS3FileStorage } from './s3-storage.js';
import { createLocalFileStorage, type FileStorage } from './storage.js';

const MB = 1024 * 1024;

/** A body of `chunks` chunks of 1 MB each (byte value = chunk number), produced lazily, then optionally a failure. */
function lazyBody(chunks: number, failAfter?: number): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < chunks; i++) {
        if (failAfter !== undefined && i === failAfter) throw new Error('client went away');
        yield Buffer.alloc(MB, i);
      }
    })(),
  );
}

const implementations: [
  string,
  () => Promise<{ storage: FileStorage; list(): Promise<string[]>; stop(): Promise<void> }>,
][] = [
  [
    'local disk',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'kampus-storage-'));
      const storage = createLocalFileStorage(dataDir);
      return {
        storage,
        // Everything under the root, partial files included.
        list: async () => (await readdir(path.join(dataDir, 'files'), { recursive: true })).map(String),
        stop: () => rm(dataDir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3 (s3rver, a real S3-compatible server)',
    async () => {
      const s3: TestS3 = await startTestS3();
      const config = readConfig(s3.env);
      const storage = createS3FileStorage({
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      });
      const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
      const client = new S3Client({
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      return {
        storage,
        list: async () =>
          ((await client.send(new ListObjectsV2Command({ Bucket: config.S3_BUCKET }))).Contents ?? []).map(
            (object) => object.Key ?? '',
          ),
        async stop() {
          client.destroy();
          await storage.close();
          await s3.stop();
        },
      };
    },
  ],
];

describe.each(implementations)('FileStorage contract: %s', (_name, create) => {
  let storage: FileStorage;
  let list: () => Promise<string[]>;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, list, stop } = await create());
  });
  afterAll(() => stop());

  it('stores a Buffer under a random name with its extension and reads it back whole or by range', async () => {
    const { name, size } = await storage.put(7, 'png', Buffer.from('0123456789'), { contentType: 'image/png' });
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(size).toBe(10);
    const whole = await storage.open(7, name);
    expect(whole?.size).toBe(10);
    expect(await text(whole!.body)).toBe('0123456789');
    const part = await storage.open(7, name, { start: 2, end: 4 });
    expect(part?.size).toBe(10);
    expect(await text(part!.body)).toBe('234');
    expect(await storage.stat(7, name)).toEqual({ size: 10, lastModified: expect.any(Date) });
  });

  it('streams a body of several parts and counts its bytes', async () => {
    const { name, size } = await storage.put(7, 'mp4', lazyBody(12), { contentType: 'video/mp4' });
    expect(size).toBe(12 * MB);
    const tail = await storage.open(7, name, { start: 11 * MB - 1, end: 11 * MB });
    const bytes = Buffer.from(await tail!.body.toArray().then((chunks) => Buffer.concat(chunks)));
    expect([...bytes]).toEqual([10, 11]);
  });

  it('leaves nothing behind when the body fails, small or past a multipart part', async () => {
    const before = await list();
    await expect(storage.put(7, 'mp4', lazyBody(3, 1), { contentType: 'video/mp4' })).rejects.toThrow();
    await expect(storage.put(7, 'mp4', lazyBody(20, 17), { contentType: 'video/mp4' })).rejects.toThrow();
    expect(await list()).toEqual(before);
  });

  it('keeps each company to its own key: another company, an unknown or a made-up name are not found', async () => {
    const { name } = await storage.put(7, 'pdf', Buffer.from('%PDF-1.7'), { contentType: 'application/pdf' });
    expect(await storage.exists(7, name)).toBe(true);
    expect(await storage.exists(8, name)).toBe(false);
    expect(await storage.open(8, name)).toBeNull();
    expect(await storage.stat(8, name)).toBeNull();
    expect(await storage.exists(7, '0123456789abcdef0123456789abcdef.pdf')).toBe(false);
    expect(await storage.open(7, '../8/whatever.pdf')).toBeNull();
    expect((await list()).every((key) => /^\d+[/\\]/.test(key) || /^\d+$/.test(key))).toBe(true);
  });

  it('copies a file to another company under the same name and removes it idempotently', async () => {
    const { name } = await storage.put(7, 'png', Buffer.from('logo'), { contentType: 'image/png' });
    await storage.copy(7, 9, name);
    expect(await text((await storage.open(9, name))!.body)).toBe('logo');
    await storage.remove(7, name);
    await storage.remove(7, name);
    expect(await storage.exists(7, name)).toBe(false);
    expect(await storage.exists(9, name)).toBe(true);
    await expect(storage.remove(7, '../../etc/passwd')).rejects.toThrow(/unexpected/);
  });
});

describe('local storage start-up', () => {
  it('moves an older install’s DATA_DIR/uploads into DATA_DIR/files once, merging into an existing folder', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kampus-legacy-'));
    const name = '0123456789abcdef0123456789abcdef.png';
    const other = 'fedcba9876543210fedcba9876543210.png';
    await mkdir(path.join(dataDir, 'uploads', '3'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', '3', name), 'old photo');
    let storage = createLocalFileStorage(dataDir);
    expect(await text((await storage.open(3, name))!.body)).toBe('old photo');
    expect(await readdir(dataDir)).toEqual(['files']);

    // A second older folder beside an existing one is merged file by file.
    await mkdir(path.join(dataDir, 'uploads', '4'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', '4', other), 'another');
    storage = createLocalFileStorage(dataDir);
    expect(await readFile(path.join(dataDir, 'files', '4', other), 'utf8')).toBe('another');
    expect(await storage.exists(3, name)).toBe(true);
    expect(await readdir(dataDir)).toEqual(['files']);
    await rm(dataDir, { recursive: true, force: true });
  });
});

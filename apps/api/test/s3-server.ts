import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** The S3_* settings that point the app at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm: no Docker, no network) on a random loopback port with one empty
 * bucket, so the S3 storage is tested over HTTP with the real SDK rather than against a mock of it.
 */
export async function startTestS3(bucket = 'kampus-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'kampus-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

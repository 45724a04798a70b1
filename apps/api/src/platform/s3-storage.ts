import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { byteCounter, type FileStorage, isStoredName, newStoredName, type StoredObjectInfo } from './storage.js';

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, …); unset for AWS itself. */
  endpoint?: string;
  /** Unset: the SDK's usual credential chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket.host` addressing is AWS's default; most self-hosted services want `host/bucket`. */
  forcePathStyle: boolean;
}

/** Parts of a streamed upload: at most QUEUE_SIZE of them are held in memory at once. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

type Sdk = typeof import('@aws-sdk/client-s3');

const isMissing = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files as objects `<companyId>/<name>` in one bucket of AWS S3 or an S3-compatible service. The AWS SDK (some 20 MB
 * of a server's memory) loads with the first file operation, through dynamic imports: the production build hoists a
 * package's static import to the start of dist/main.js, which would load it in every server, S3 or not.
 */
export function createS3FileStorage(options: S3Options): FileStorage {
  let loading:
    | Promise<{ sdk: Sdk; Upload: typeof import('@aws-sdk/lib-storage').Upload; client: S3Client }>
    | undefined;
  const s3 = () => {
    loading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([sdk, storage]) => ({
      sdk,
      Upload: storage.Upload,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
        // The SDK's default CRC trailers on streamed bodies are not understood by every S3-compatible service; the
        // transport's own checks (TLS, Content-MD5 where an operation needs it) stay.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return loading;
  };
  const Bucket = options.bucket;
  const keyOf = (companyId: number, name: string) => {
    if (!isStoredName(name)) throw new Error(`refusing an unexpected stored name: ${name}`);
    return `${companyId}/${name}`;
  };

  async function statOf(companyId: number, name: string): Promise<StoredObjectInfo | null> {
    if (!isStoredName(name)) return null;
    const { sdk, client } = await s3();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(companyId, name) }));
      return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  }

  return {
    async put(companyId, extension, body, { contentType }) {
      const name = newStoredName(extension);
      const Key = keyOf(companyId, name);
      const { sdk, Upload, client } = await s3();
      if (Buffer.isBuffer(body)) {
        await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType }));
        return { name, size: body.length };
      }
      // Multipart in 8 MB parts, so a 2 GB video never sits in memory; a body that fails aborts the upload and S3
      // drops the parts already sent (or, below one part, nothing was ever sent).
      const counter = byteCounter();
      body.on('error', (error) => counter.destroy(error));
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body.pipe(counter), ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      await upload.done();
      return { name, size: counter.bytes };
    },

    async open(companyId, name, range) {
      if (!isStoredName(name)) return null;
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: keyOf(companyId, name),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const total = answer.ContentRange?.split('/')[1];
        return {
          body: answer.Body as Readable,
          size: total ? Number(total) : (answer.ContentLength ?? 0),
          lastModified: answer.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },

    stat: statOf,

    async exists(companyId, name) {
      return (await statOf(companyId, name)) !== null;
    },

    async copy(fromCompanyId, toCompanyId, name) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.CopyObjectCommand({
          Bucket,
          Key: keyOf(toCompanyId, name),
          CopySource: `${Bucket}/${keyOf(fromCompanyId, name)}`,
        }),
      );
    },

    async remove(companyId, name) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(companyId, name) }));
    },

    async close() {
      // Never loaded (no file was touched): nothing to close.
      if (loading) (await loading).client.destroy();
    },
  };
}

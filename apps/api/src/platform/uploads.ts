import { finished, Transform, type TransformCallback } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { checkUpload, UPLOAD_DEFAULTS, type UploadKind, type UploadProblem } from '@kampus/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './http/errors.js';
import type { Translate } from './i18n.js';
import { type FileStorage, isStoredName } from './storage.js';

/** Stored files are served from here, on the host of the company they belong to. */
export const FILES_PATH = '/api/files/';

export const fileUrlOf = (storedName: string): string => `${FILES_PATH}${storedName}`;

/** The stored name inside an address this server hands out, or null for any other address. */
export function storedNameOf(url: string): string | null {
  if (!url.startsWith(FILES_PATH)) return null;
  const name = url.slice(FILES_PATH.length);
  return isStoredName(name) ? name : null;
}

interface Signature {
  mime: string;
  extension: string;
  matches(bytes: Buffer): boolean;
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Enough of a file's start for every signature below. */
const SNIFF_BYTES = 16;

/** The first bytes of each format a kind may accept; the declared type must agree with them. */
const SIGNATURES: Signature[] = [
  { mime: 'image/jpeg', extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/png', extension: 'png', matches: (b) => b.subarray(0, 8).equals(PNG_MAGIC) },
  { mime: 'image/gif', extension: 'gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(ascii(b, 0, 6)) },
  { mime: 'image/webp', extension: 'webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  // ISO base media (MP4, M4V): a box size, then the `ftyp` box naming the brand.
  { mime: 'video/mp4', extension: 'mp4', matches: (b) => ascii(b, 4, 8) === 'ftyp' },
  // WebM is Matroska's EBML header; the doctype sits further in, and browsers play what they can of either.
  { mime: 'video/webm', extension: 'webm', matches: (b) => b.subarray(0, 4).equals(EBML_MAGIC) },
  { mime: 'application/pdf', extension: 'pdf', matches: (b) => ascii(b, 0, 5) === '%PDF-' },
  // A zip (SCORM packages) and the Office Open XML formats, which are zips too: the declared type picks among them.
  ...(
    [
      ['application/zip', 'zip'],
      ['application/x-zip-compressed', 'zip'],
      ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
      ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
    ] as const
  ).map(([mime, extension]) => ({ mime, extension, matches: (b: Buffer) => b.subarray(0, 4).equals(ZIP_MAGIC) })),
  // The old binary Office formats are OLE compound files.
  ...(
    [
      ['application/msword', 'doc'],
      ['application/vnd.ms-excel', 'xls'],
      ['application/vnd.ms-powerpoint', 'ppt'],
    ] as const
  ).map(([mime, extension]) => ({ mime, extension, matches: (b: Buffer) => b.subarray(0, 8).equals(OLE_MAGIC) })),
];

/**
 * What the content itself says it is, whatever the request claimed: the declared type when the bytes are of that
 * type (several types share one signature, a zip and a .docx), else the first type the bytes match, else null.
 */
export function sniffContent(bytes: Buffer, declaredMime?: string): { mime: string; extension: string } | null {
  const matching = SIGNATURES.filter((signature) => signature.matches(bytes));
  const found = matching.find((signature) => signature.mime === declaredMime) ?? matching[0];
  return found ? { mime: found.mime, extension: found.extension } : null;
}

/** A file that passed every rule and is stored, under the extension its content proved. */
export interface ReceivedFile {
  /** The name the person's file had. */
  name: string;
  mime: string;
  /** The random name it is stored under. */
  storedName: string;
  size: number;
}

type RejectionKey = UploadProblem['key'] | 'upload.required' | 'upload.too_many_files' | 'upload.quota_exceeded';
type Rejection = { key: RejectionKey; params: Record<string, string | number> };

/** Files that broke a rule: nothing of the request is stored. Answered 422 with the spec §5 messages. */
export class UploadRejected extends Error {
  constructor(readonly problems: Rejection[]) {
    super('upload rejected');
  }
}

/** The 422 body of a rejected upload, in the request's language, under the `files` field. */
export function rejectionBody(error: UploadRejected, t: Translate) {
  return {
    message: t('errors.validation_failed'),
    errors: { files: error.problems.map((problem) => t(problem.key, problem.params)) },
  };
}

/** One file broke a rule while streaming; the part's remaining bytes are drained and the next part is read. */
class PartRefused extends Error {
  constructor(readonly problem: Rejection) {
    super(problem.key);
  }
}

/**
 * Between the multipart parser and the storage: holds back the first bytes until they prove the declared type, then
 * passes everything on while counting, and fails the stream the moment the file passes its limit, so the storage
 * removes what it had written and nothing over the limit is ever kept.
 */
class ContentGuard extends Transform {
  bytes = 0;
  private head: Buffer[] = [];
  private proven = false;
  /** Resolves with the extension the content proved, once the first bytes are in. */
  readonly extension: Promise<string>;
  private settle!: { resolve(extension: string): void; reject(error: Error): void };

  constructor(
    private readonly declaredMime: string,
    private readonly limit: number,
    private readonly overLimit: Rejection,
    /** An empty file breaks the size rule (spec §5: more than 0 bytes). */
    private readonly empty: Rejection,
  ) {
    super();
    this.extension = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Failures reach the caller through `extension` and the storage's pipeline; none may go unheard.
    this.extension.catch(() => {});
    this.on('error', () => {});
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) done(new PartRefused(this.overLimit));
    else if (this.proven) done(null, chunk);
    else {
      this.head.push(chunk);
      if (this.bytes < SNIFF_BYTES) done();
      else this.prove(done);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.proven) done();
    else if (this.bytes === 0) done(new PartRefused(this.empty));
    else this.prove(done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.settle.reject(error ?? new Error('upload stream closed'));
    done(error);
  }

  private prove(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    const content = sniffContent(head, this.declaredMime);
    // A renamed executable or HTML page claiming to be an image is refused as the type it claimed.
    if (!content || content.mime !== this.declaredMime) {
      done(new PartRefused({ key: 'upload.invalid_type', params: { value: this.declaredMime } }));
    } else {
      this.proven = true;
      this.settle.resolve(content.extension);
      done(null, head);
    }
  }
}

const sizeProblem = (maxBytes: number): Rejection => ({
  key: 'upload.invalid_size',
  params: { value: String(Math.floor(maxBytes / 1024)) },
});

/** Where accepted files go while the request streams in, and how many bytes the company still has room for. */
export interface UploadTarget {
  storage: FileStorage;
  companyId: number;
  /** Bytes left of the company's quota (read without a lock; the quota is checked again when rows are written). */
  roomBytes: number;
  quotaMb: number;
}

/**
 * Streams one part into storage through a ContentGuard. A broken rule answers the problem (the partial file is gone,
 * the rest of the part drained); a body that fails is the client's (400); a storage failure is the server's.
 */
async function streamPart(
  part: MultipartFile,
  kind: UploadKind,
  target: UploadTarget,
): Promise<{ file: ReceivedFile } | { problem: Rejection }> {
  const declared = checkUpload({ name: part.filename, type: part.mimetype, size: 1 }, kind);
  if (declared) {
    part.file.resume();
    return { problem: declared };
  }
  const kindBytes = kind.maxKilobytes * 1024;
  const overQuota: Rejection = { key: 'upload.quota_exceeded', params: { quota: target.quotaMb } };
  const guard =
    target.roomBytes < kindBytes
      ? new ContentGuard(part.mimetype, Math.max(0, target.roomBytes), overQuota, sizeProblem(kindBytes))
      : new ContentGuard(part.mimetype, kindBytes, sizeProblem(kindBytes), sizeProblem(kindBytes));
  let clientFailed = false;
  // `finished` also reports a part the parser already failed before we got to it (a body cut short).
  finished(part.file, (error) => {
    if (!error) return;
    clientFailed = true;
    guard.destroy(error);
  });
  part.file.pipe(guard);
  try {
    const extension = await guard.extension;
    const stored = await target.storage.put(target.companyId, extension, guard, { contentType: part.mimetype });
    return { file: { name: part.filename, mime: part.mimetype, storedName: stored.name, size: stored.size } };
  } catch (error) {
    // Never destroy the parser's stream (the parser would wait for it forever): unhook and let it drain.
    part.file.unpipe(guard);
    part.file.resume();
    if (error instanceof PartRefused) return { problem: error.problem };
    if (clientFailed) throw badRequest('upload.malformed');
    throw error;
  }
}

/**
 * Streams every `files[]` part of a multipart request into storage, checking it on the way against the kind's rules,
 * its magic bytes and the room left in the company's quota; a 4 GB video passes through without being held in
 * memory. All or nothing: when any part broke a rule, the parts already stored are removed before the 422.
 */
export async function receiveUploads(
  request: FastifyRequest,
  kind: UploadKind,
  target: UploadTarget,
): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw new UploadRejected([{ key: 'upload.required', params: {} }]);
  const accepted: ReceivedFile[] = [];
  const problems: Rejection[] = [];
  // streamPart already told the client's failures (400) from the storage's (500) apart.
  let partFailure: unknown = null;
  const removeAccepted = () =>
    Promise.allSettled(accepted.map((file) => target.storage.remove(target.companyId, file.storedName)));
  try {
    // The parser's own limit sits one byte above the kind's, so the guard (not a silent truncation) sees the excess.
    const parts = request.files({
      limits: {
        fileSize: kind.maxKilobytes * 1024 + 1,
        files: kind.maxFiles,
        fields: 10,
        parts: kind.maxFiles + 10,
      },
      throwFileSizeLimit: false,
    });
    let room = target.roomBytes;
    for await (const part of parts) {
      if (part.fieldname !== UPLOAD_DEFAULTS.fieldName) {
        part.file.resume();
        continue;
      }
      const result = await streamPart(part, kind, { ...target, roomBytes: room }).catch((error: unknown) => {
        partFailure = error;
        throw error;
      });
      if ('problem' in result) problems.push(result.problem);
      else {
        accepted.push(result.file);
        room -= result.file.size;
      }
    }
  } catch (error) {
    await removeAccepted();
    if (error === partFailure) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new UploadRejected([{ key: 'upload.too_many_files', params: { max: kind.maxFiles } }]);
    }
    // Everything else the parser throws is the body's fault: no or an oversized boundary, a part never closed, a
    // body cut short.
    throw badRequest('upload.malformed');
  }
  if (problems.length > 0) {
    await removeAccepted();
    throw new UploadRejected(problems);
  }
  if (accepted.length === 0) throw new UploadRejected([{ key: 'upload.required', params: {} }]);
  return accepted;
}

import { checkUpload, UPLOAD_DEFAULTS, type UploadKind, type UploadProblem } from '@kampus/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './http/errors.js';
import type { Translate } from './i18n.js';
import { isStoredName } from './storage.js';

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

/** The first bytes of each format a kind may accept; the declared type must agree with them. */
const SIGNATURES: Signature[] = [
  { mime: 'image/jpeg', extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/png', extension: 'png', matches: (b) => b.subarray(0, 8).equals(PNG_MAGIC) },
  { mime: 'image/gif', extension: 'gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(ascii(b, 0, 6)) },
  { mime: 'image/webp', extension: 'webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
];

/** What the content itself says it is, whatever the request claimed. */
export function sniffContent(bytes: Buffer): { mime: string; extension: string } | null {
  const found = SIGNATURES.find((signature) => signature.matches(bytes));
  return found ? { mime: found.mime, extension: found.extension } : null;
}

/** A file that passed every rule, with the extension its content proved. */
export interface ReceivedFile {
  name: string;
  mime: string;
  extension: string;
  data: Buffer;
}

type RejectionKey = UploadProblem['key'] | 'upload.required' | 'upload.too_many_files' | 'upload.quota_exceeded';

/** Files that broke a rule: nothing of the request is stored. Answered 422 with the spec §5 messages. */
export class UploadRejected extends Error {
  constructor(readonly problems: { key: RejectionKey; params: Record<string, string | number> }[]) {
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

function checkReceived(name: string, mime: string, data: Buffer, truncated: boolean, kind: UploadKind) {
  const size = truncated ? kind.maxKilobytes * 1024 + 1 : data.length;
  const problem = checkUpload({ name, type: mime, size }, kind);
  if (problem) return { problem };
  const content = sniffContent(data);
  // A renamed executable or HTML page claiming to be an image is refused as the type it claimed.
  if (!content || content.mime !== mime) {
    return { problem: { key: 'upload.invalid_type' as const, params: { value: mime } } };
  }
  return { file: { name, mime, extension: content.extension, data } };
}

/**
 * Reads every `files[]` part of a multipart request and checks it against the kind's rules and its magic bytes.
 * All or nothing: any broken rule rejects the whole request before anything is written.
 */
export async function receiveUploads(request: FastifyRequest, kind: UploadKind): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw new UploadRejected([{ key: 'upload.required', params: {} }]);
  const accepted: ReceivedFile[] = [];
  const problems: UploadRejected['problems'] = [];
  try {
    const parts = request.files({
      limits: { fileSize: kind.maxKilobytes * 1024, files: kind.maxFiles, fields: 10, parts: kind.maxFiles + 10 },
      throwFileSizeLimit: false,
    });
    for await (const part of parts) {
      const data = await part.toBuffer();
      if (part.fieldname !== UPLOAD_DEFAULTS.fieldName) continue;
      const result = checkReceived(part.filename, part.mimetype, data, part.file.truncated, kind);
      if (result.problem) problems.push(result.problem);
      else accepted.push(result.file);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new UploadRejected([{ key: 'upload.too_many_files', params: { max: kind.maxFiles } }]);
    }
    // Everything else the parser throws is the body's fault: no or an oversized boundary, a part never closed, a
    // body cut short. Nothing here touches the disk or the database, so it is never the server's error.
    throw badRequest('upload.malformed');
  }
  if (problems.length > 0) throw new UploadRejected(problems);
  if (accepted.length === 0) throw new UploadRejected([{ key: 'upload.required', params: {} }]);
  return accepted;
}

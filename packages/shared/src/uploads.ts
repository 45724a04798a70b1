/**
 * The file upload helper's rules (spec §5): a size limit in kilobytes, an allowed name pattern and an allowed MIME
 * pattern. The browser checks them before sending and the server checks them again on what arrives.
 */

/** Upload defaults of spec §9: one file at a time, POSTed as the multipart field `files[]`. */
export const UPLOAD_DEFAULTS = { concurrency: 1, method: 'POST', fieldName: 'files[]' } as const;

export interface UploadRules {
  /** Largest accepted file in kilobytes (1 KB = 1024 bytes). */
  maxKilobytes: number;
  /** The whole file name must match. */
  namePattern: RegExp;
  /** The declared MIME type must match. */
  mimePattern: RegExp;
}

/** A named set of rules; a feature that needs another kind of file adds a kind here. */
export interface UploadKind extends UploadRules {
  /** The `accept` attribute of the file input. */
  accept: string;
  /** Files one request may carry. */
  maxFiles: number;
  /**
   * `public`: served to anyone on the company's host, for `<img>` tags that send no token (photos, logos).
   * `private`: served only through a short-lived signed address handed to someone allowed to see it.
   */
  visibility: 'public' | 'private';
}

const KB_PER_MB = 1024;

/** A PDF and the Office formats a document may be: old binary (OLE) and Office Open XML (zip) ones. */
export const OFFICE_AND_PDF_MIMES = [
  'application/pdf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
const KB_PER_GB = 1024 * 1024;

/**
 * A file name without path separators, characters Windows refuses, or control characters; then an allowed
 * extension. The name is only shown back to people — files are stored under a random name.
 */
const safeName = (extensions: string) => new RegExp(`^[^\\\\/:*?"<>|\\p{Cc}]{1,200}\\.(?:${extensions})$`, 'iu');

export const UPLOAD_KINDS = {
  /** Profile photos: the raster formats every browser shows, at most 2 MB. */
  avatar: {
    maxKilobytes: 2048,
    namePattern: safeName('jpe?g|png|webp|gif'),
    mimePattern: /^image\/(?:jpeg|png|webp|gif)$/,
    accept: 'image/jpeg,image/png,image/webp,image/gif',
    maxFiles: 1,
    visibility: 'public',
  },
  /** Company logos: the same raster formats (no SVG, which could carry script), at most 1 MB. */
  logo: {
    maxKilobytes: 1024,
    namePattern: safeName('jpe?g|png|webp|gif'),
    mimePattern: /^image\/(?:jpeg|png|webp|gif)$/,
    accept: 'image/jpeg,image/png,image/webp,image/gif',
    maxFiles: 1,
    visibility: 'public',
  },
  /**
   * Course videos: MP4 and WebM, which every browser plays in `<video>`, at most 4 GB (a two-hour recorded training
   * at a good bitrate); streamed to storage, never held in memory. Private: watched through signed addresses.
   */
  video: {
    maxKilobytes: 4 * KB_PER_GB,
    namePattern: safeName('mp4|m4v|webm'),
    mimePattern: /^video\/(?:mp4|webm)$/,
    accept: 'video/mp4,video/webm',
    maxFiles: 1,
    visibility: 'private',
  },
  /**
   * Course documents and handouts: PDF (read inside the player) and Office files (offered for download), at most
   * 200 MB (scanned manuals run large). Private.
   */
  document: {
    maxKilobytes: 200 * KB_PER_MB,
    namePattern: safeName('pdf|docx?|xlsx?|pptx?'),
    mimePattern: new RegExp(`^(?:${OFFICE_AND_PDF_MIMES.map((m) => m.replace(/[.+]/g, '\\$&')).join('|')})$`),
    accept: OFFICE_AND_PDF_MIMES.join(','),
    maxFiles: 1,
    visibility: 'private',
  },
  /** SCORM packages (1.2 and 2004): a zip, at most 1 GB, unpacked and checked by the server. Private. */
  scorm: {
    maxKilobytes: KB_PER_GB,
    namePattern: safeName('zip'),
    mimePattern: /^application\/(?:zip|x-zip-compressed)$/,
    accept: 'application/zip,application/x-zip-compressed,.zip',
    maxFiles: 1,
    visibility: 'private',
  },
  /** Content cover images: raster formats, at most 5 MB; public, shown on cards by `<img>`. */
  cover: {
    maxKilobytes: 5 * KB_PER_MB,
    namePattern: safeName('jpe?g|png|webp|gif'),
    mimePattern: /^image\/(?:jpeg|png|webp|gif)$/,
    accept: 'image/jpeg,image/png,image/webp,image/gif',
    maxFiles: 1,
    visibility: 'public',
  },
  /**
   * Certificate template images (a page background, a signature): PNG or JPEG only, the two formats a PDF embeds as
   * they are, at most 5 MB (an A4 background at 150 dpi); public, since the template editor shows them by `<img>`.
   */
  certificate_image: {
    maxKilobytes: 5 * KB_PER_MB,
    namePattern: safeName('jpe?g|png'),
    mimePattern: /^image\/(?:jpeg|png)$/,
    accept: 'image/jpeg,image/png',
    maxFiles: 1,
    visibility: 'public',
  },
  /**
   * Images inside a rich text (a question's text or explanation), inserted by the editor's image button: raster
   * formats, at most 5 MB (a phone photo fits); public, since the learner's `<img>` sends no token. The rich text
   * sanitizer keeps an `<img>` only when it points at such a stored file, and the record holding it attaches it.
   */
  rich_text_image: {
    maxKilobytes: 5 * KB_PER_MB,
    namePattern: safeName('jpe?g|png|webp|gif'),
    mimePattern: /^image\/(?:jpeg|png|webp|gif)$/,
    accept: 'image/jpeg,image/png,image/webp,image/gif',
    maxFiles: 1,
    visibility: 'public',
  },
  /**
   * Images shown only to some people (an announcement's picture, an advertisement's banner): raster formats, at most
   * 5 MB; private, so only a person the record's audience includes gets a (signed) address of it.
   */
  private_image: {
    maxKilobytes: 5 * KB_PER_MB,
    namePattern: safeName('jpe?g|png|webp|gif'),
    mimePattern: /^image\/(?:jpeg|png|webp|gif)$/,
    accept: 'image/jpeg,image/png,image/webp,image/gif',
    maxFiles: 1,
    visibility: 'private',
  },
} as const satisfies Record<string, UploadKind>;

export type UploadKindName = keyof typeof UPLOAD_KINDS;
export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as [UploadKindName, ...UploadKindName[]];

/** A rule a file broke: the locale key of its spec §5 message and the value that message names. */
export interface UploadProblem {
  key: 'upload.invalid_type' | 'upload.invalid_name' | 'upload.invalid_size';
  params: { value: string };
}

export interface UploadCandidate {
  name: string;
  /** Bytes. */
  size: number;
  /** The declared MIME type; browsers leave it empty for types they do not know. */
  type: string;
}

/** The first rule the file breaks, in the order type, name, size; null when it may be uploaded. */
export function checkUpload(file: UploadCandidate, rules: UploadRules): UploadProblem | null {
  if (!rules.mimePattern.test(file.type)) {
    return { key: 'upload.invalid_type', params: { value: file.type || '?' } };
  }
  if (!rules.namePattern.test(file.name)) return { key: 'upload.invalid_name', params: { value: file.name } };
  if (file.size > rules.maxKilobytes * 1024 || file.size <= 0) {
    return { key: 'upload.invalid_size', params: { value: String(rules.maxKilobytes) } };
  }
  return null;
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count in the largest unit from Bytes to TB that keeps it at 1 or more (spec §9), two decimals at most. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${SIZE_UNITS[exponent]}`;
}

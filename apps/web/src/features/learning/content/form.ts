import {
  CONTENT_COMPLETION_THRESHOLD_DEFAULT,
  type Content,
  type ContentCreate,
  type ContentType,
  type ContentUpdate,
  contentCreateSchema,
  isLocale,
  type Locale,
} from '@kampus/shared';
import type { z } from 'zod';

/** The form's values: the create body's input, the type included (it cannot change on edit). */
export type ContentFormValues = z.input<typeof contentCreateSchema>;

/** The upload kind of the file a type carries; link and page carry none. */
export const FILE_KIND = { video: 'video', document: 'document', scorm: 'scorm' } as const satisfies Partial<
  Record<ContentType, string>
>;
export type FileType = keyof typeof FILE_KIND;
export const hasFile = (type: ContentType): type is FileType => type in FILE_KIND;

/** Where a video comes from: an uploaded file, or an address (YouTube, Vimeo) where the guard is best-effort. */
export type VideoSource = 'file' | 'url';
export const videoSourceOf = (values: Pick<ContentFormValues, 'external_url' | 'file_url'>): VideoSource =>
  values.external_url != null && !values.file_url ? 'url' : 'file';

/** A new content's values: the contract's defaults, written in the admin's language unless told otherwise. */
export function newContentValues(type: ContentType, language: string): ContentFormValues {
  return {
    type,
    title: '',
    description: null,
    cover_url: null,
    duration_seconds: null,
    language: (isLocale(language) ? language : 'tr') as Locale,
    hashtag_ids: [],
    status: 1,
    guard_enabled: true,
    completion_threshold: CONTENT_COMPLETION_THRESHOLD_DEFAULT,
    min_reading_seconds: null,
    // A link's address is its one field: empty (not null) so the form asks for it like any required field.
    external_url: type === 'link' ? '' : null,
    body: null,
    file_url: null,
  };
}

/** A stored content as the form's values; its current file stands as `file_url` until another is chosen. */
export function contentValues(content: Content): ContentFormValues {
  return {
    type: content.type,
    title: content.title,
    description: content.description,
    cover_url: content.cover_url,
    duration_seconds: content.duration_seconds,
    language: content.language,
    hashtag_ids: content.hashtags.map((tag) => tag.id),
    status: content.status,
    guard_enabled: content.guard_enabled,
    completion_threshold: content.completion_threshold,
    min_reading_seconds: content.min_reading_seconds,
    external_url: content.external_url,
    body: content.body,
    file_url: content.file?.url ?? null,
  };
}

/** The fields each type uses beyond the common ones; the others are sent empty so nothing stale is stored. */
const TYPE_FIELDS: Record<ContentType, readonly (keyof ContentCreate)[]> = {
  video: ['file_url', 'external_url', 'guard_enabled', 'completion_threshold'],
  document: ['file_url', 'min_reading_seconds'],
  scorm: ['file_url'],
  link: ['external_url'],
  page: ['body', 'min_reading_seconds'],
};
const EMPTIED: Partial<ContentCreate> = {
  file_url: null,
  external_url: null,
  body: null,
  min_reading_seconds: null,
};

/** Whether the chosen file replaces the content's current one: saving then makes the next version. */
export function makesNewVersion(content: Content | null, fileUrl: string | null | undefined): boolean {
  return content?.file != null && !!fileUrl && fileUrl !== content.file.url;
}

/**
 * What a save sends: the fields of the content's type (a video's file or address, whichever its source is), the
 * others emptied; on edit without the type (it never changes) and without the file unless another was chosen, so
 * an unchanged save never makes a new version.
 */
export function contentSaveBody(data: ContentCreate, content: Content | null): ContentCreate | ContentUpdate {
  const own = TYPE_FIELDS[data.type];
  const body: ContentCreate = { ...data };
  for (const [key, empty] of Object.entries(EMPTIED) as [keyof ContentCreate, null][]) {
    if (!own.includes(key)) Object.assign(body, { [key]: empty });
  }
  if (data.type === 'video') {
    if (videoSourceOf(data) === 'url') body.file_url = null;
    else body.external_url = null;
  }
  if (!content) return body;
  const { type: _type, file_url, ...update } = body;
  return file_url === (content.file?.url ?? null) ? update : { ...update, file_url };
}

/**
 * The contract's create schema, plus what each type needs before it is worth sending (the server checks the same):
 * the file of a video (unless it has an address), a document or a SCORM package, and a page's body. An address is
 * checked by the schema itself: an empty one is not a web address.
 */
export const contentFormSchema = contentCreateSchema.superRefine((values, context) => {
  const needsFile = hasFile(values.type) && !(values.type === 'video' && values.external_url !== null);
  if (needsFile && !values.file_url) {
    context.addIssue({ code: 'custom', path: ['file_url'], message: 'content.file_required' });
  }
  if (values.type === 'page' && !values.body?.trim()) {
    context.addIssue({ code: 'custom', path: ['body'], message: 'validation.required' });
  }
});

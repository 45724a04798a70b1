import sanitizeHtml from 'sanitize-html';
import { FILES_PATH, storedNameOf } from './uploads.js';

/** The raster images a rich text may show: our own stored files (`/api/files/<random name>.<jpg|png|gif|webp>`). */
const OWN_IMAGE = /\.(?:jpg|png|gif|webp)$/;

/** Whether `src` is one of our own stored image files, addressed as the upload answered it (relative, unsigned). */
export const isOwnImageSrc = (src: string | undefined): src is string =>
  src !== undefined && storedNameOf(src) !== null && OWN_IMAGE.test(src);

/**
 * What a rich text written in the editor (Tiptap) may keep: headings, paragraphs, lists, quotes, code, tables,
 * links and images; text alignment as the only style. No script, frame, form, handler or foreign style. An image
 * stays only when it shows one of our own stored files: no address elsewhere (a tracking pixel, a hot-linked page
 * that may change), no `data:` URL.
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 's', 'u', 'mark', 'sub', 'sup'],
  allowedAttributes: {
    '*': ['style', 'dir', 'lang'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Only relative addresses (ours); `//host/…` is refused by the own-file check below.
  allowedSchemesByTag: { img: [] },
  allowedStyles: { '*': { 'text-align': [/^(?:left|right|center|justify)$/] } },
  // A link opened from the page must not hand the app's window to the target.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImageSrc(frame.attribs.src),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}

/** The distinct own image addresses in a (sanitized) rich text, in order: what its record attaches. */
export function imagesOf(html: string | null | undefined): string[] {
  if (!html) return [];
  const found = new Set<string>();
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)) {
    const src = match[1];
    if (isOwnImageSrc(src) && src.startsWith(FILES_PATH)) found.add(src);
  }
  return [...found];
}

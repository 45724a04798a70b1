import sanitizeHtml from 'sanitize-html';

/**
 * What a rich text written in the editor (Tiptap) may keep: headings, paragraphs, lists, quotes, code, tables,
 * links and images; text alignment as the only style. No script, frame, form, handler or foreign style.
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
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedStyles: { '*': { 'text-align': [/^(?:left|right|center|justify)$/] } },
  // A link opened from the page must not hand the app's window to the target.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}

import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../unsafe-text.js';

/** The kinds of result of GET api/search, in the order the page shows their groups. */
export const SEARCH_KINDS = ['education', 'program', 'content', 'faq', 'person'] as const;
export const searchKindSchema = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const SEARCH_QUERY_MAX = 200;
/** Hits per group on the grouped page (no kind=). */
export const SEARCH_GROUP_SIZE = 5;
export const SEARCH_PER_PAGE_MAX = 50;

/** GET api/search?q=&kind=&page=&per_page=: q is required and bounded; kind= pages one group. */
export const searchQuerySchema = z.object({
  q: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(SEARCH_QUERY_MAX)
    .refine(isSafeText, UNSAFE_TEXT_MESSAGE),
  kind: searchKindSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(SEARCH_PER_PAGE_MAX).default(SEARCH_GROUP_SIZE),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A matched span of a text, in UTF-16 code units: the web marks it; no HTML ever travels. */
export const searchRangeSchema = z.object({ start: z.number(), length: z.number() });
export type SearchRange = z.infer<typeof searchRangeSchema>;

export const searchHitSchema = z.object({
  kind: searchKindSchema,
  id: z.number(),
  title: z.string(),
  title_highlights: z.array(searchRangeSchema),
  /** Plain text around the match (a sub title, a description, an answer, a person's job), or null. */
  snippet: z.string().nullable(),
  snippet_highlights: z.array(searchRangeSchema),
  image_url: z.string().nullable(),
  language: z.enum(LOCALES).nullable(),
  /** Educations, programs, contents: the reader is enrolled (contents open in the player only then). */
  enrolled: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({
  kind: searchKindSchema,
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  hits: z.array(searchHitSchema),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** Every kind the reader may search (people only with permission), or the one asked for with kind=. */
export const searchResponseSchema = z.object({
  data: z.object({ query: z.string(), groups: z.array(searchGroupSchema) }),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// --- The folding rule, the same as the database's kampus_fold (migration 0014) ---

const FOLD_FROM = 'İIıÇŞĞÖÜÂÎÛÄ';
const FOLD_TO = 'iiiçşğöüâîûä';

/**
 * One character folded as kampus_fold does: dotted and dotless i (İ I ı i) become i, then lower case. Always one
 * UTF-16 unit for one, so offsets in the folded text are offsets in the original.
 */
function foldChar(char: string): string {
  const at = FOLD_FROM.indexOf(char);
  if (at >= 0) return FOLD_TO[at] as string;
  const lower = char.toLowerCase();
  return lower.length === char.length ? lower : char;
}

/** A text folded for search: İ/I/ı/i are one letter, case is ignored; the length never changes. */
export function foldForSearch(text: string): string {
  let out = '';
  for (const char of text) out += foldChar(char);
  return out;
}

const PLAIN_FROM = 'çşğöüâîûä';
const PLAIN_TO = 'csgouaiua';

/** foldForSearch without the diacritics, as kampus_fold_plain (what trigram matching compares); same length. */
export function plainFoldForSearch(text: string): string {
  let out = '';
  for (const char of foldForSearch(text)) {
    const at = PLAIN_FROM.indexOf(char);
    out += at >= 0 ? PLAIN_TO[at] : char;
  }
  return out;
}

/** The words of a search query, folded: letters and digits only, so nothing of tsquery's syntax passes. */
export function searchWords(query: string): string[] {
  return (foldForSearch(query).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/** How many leading characters two words share. */
function sharedPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * Whether a word of the text answers a word of the query: the same word, one beginning the other (a prefix typed,
 * or a suffix the stemmer drops, "eğitimleri" for "eğitim"), or a typo sharing most of its start ("güvenlği").
 */
function wordMatches(textWord: string, queryWord: string): boolean {
  if (queryWord.length < 2) return textWord === queryWord;
  if (textWord.startsWith(queryWord)) return true;
  if (textWord.length >= 3 && queryWord.startsWith(textWord)) return true;
  const shared = sharedPrefix(textWord, queryWord);
  return shared >= 4 && shared >= Math.ceil(Math.min(textWord.length, queryWord.length) * 0.6);
}

/**
 * The spans of a text whose words answer the query's words (for marking; the database decided the match), compared
 * without diacritics like the trigram match, so "guvenlik" marks "güvenlik".
 */
export function findHighlights(text: string, queryWords: readonly string[]): SearchRange[] {
  if (queryWords.length === 0) return [];
  const words = queryWords.map(plainFoldForSearch);
  const folded = plainFoldForSearch(text);
  const ranges: SearchRange[] = [];
  for (const match of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    if (words.some((queryWord) => wordMatches(word, queryWord))) {
      ranges.push({ start: match.index, length: word.length });
    }
  }
  return ranges;
}

/** Splits a text into plain and marked pieces by its highlight ranges (ranges out of bounds are ignored). */
export function splitByHighlights(text: string, ranges: readonly SearchRange[]): { text: string; marked: boolean }[] {
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    if (range.start < at || range.length <= 0 || range.start + range.length > text.length) continue;
    if (range.start > at) pieces.push({ text: text.slice(at, range.start), marked: false });
    pieces.push({ text: text.slice(range.start, range.start + range.length), marked: true });
    at = range.start + range.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}

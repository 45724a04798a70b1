import {
  displayName,
  findHighlights,
  hasMoreThanOneRole,
  isLocale,
  isSuperAdminByRoleCount,
  type Locale,
  SEARCH_KINDS,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
  type SearchQuery,
  type SearchResponse,
  searchWords,
} from '@kampus/shared';
import type { Db } from '../../../db/client.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import * as q from './queries.js';

type Reader = Pick<Actor, 'companyId' | 'userId' | 'roleIds' | 'permissions'>;

/** Snippets are cut to this many characters around their first match. */
const SNIPPET_LENGTH = 180;

/** The kinds a reader may search: people only with show_user (the people admin's permission, spec §5). */
export function searchableKinds(reader: Pick<Reader, 'permissions'>): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => kind !== 'person' || reader.permissions.has('show_user'));
}

/**
 * The query as the database reads it: folded words joined by AND, stemmed, and unstemmed each a prefix (`güven`
 * finds `güvenlik`). Words of one letter are matched whole, or `a` would match every word starting with it.
 */
export function termsOf(words: string[], page: number, perPage: number): q.SearchTerms {
  return {
    folded: words.join(' '),
    tsquery: words.join(' & '),
    prefixTsquery: words.map((word) => (word.length > 1 ? `${word}:*` : word)).join(' & '),
    limit: perPage,
    offset: (page - 1) * perPage,
  };
}

/** Plain text of stored HTML: tags out, the few entities the editor writes decoded, spaces collapsed. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A snippet of plain text around its first match, with the matches in it. */
function snippetOf(text: string | null, words: string[]): Pick<SearchHit, 'snippet' | 'snippet_highlights'> {
  if (!text) return { snippet: null, snippet_highlights: [] };
  const plain = plainText(text);
  if (plain === '') return { snippet: null, snippet_highlights: [] };
  const first = findHighlights(plain, words)[0];
  let start = first ? Math.max(0, first.start - 40) : 0;
  // Start at a word, not inside one.
  if (start > 0) start = plain.indexOf(' ', start) + 1 || start;
  const end = Math.min(plain.length, start + SNIPPET_LENGTH);
  const cut = `${start > 0 ? '…' : ''}${plain.slice(start, end)}${end < plain.length ? '…' : ''}`;
  return { snippet: cut, snippet_highlights: findHighlights(cut, words) };
}

const languageOf = (value: string | null): Locale | null => (value && isLocale(value) ? value : null);

function presentHit(kind: SearchKind, row: q.HitRow, words: string[]): SearchHit {
  return {
    kind,
    id: row.id,
    title: row.title,
    title_highlights: findHighlights(row.title, words),
    ...snippetOf(row.snippet, words),
    image_url: row.image_url,
    language: languageOf(row.language),
    enrolled: row.enrolled,
  };
}

export function createSearchService(platform: Platform) {
  const db = platform.database.db;
  /** A server has a pool of connections to spread the kinds over; PGlite has one. */
  const runsKindsConcurrently = platform.database.kind === 'postgres';

  /** One group's page of hits: the statement of its kind, presented. */
  async function searchKind(
    tx: Db,
    reader: Reader,
    language: Locale,
    kind: SearchKind,
    words: string[],
    page: number,
    perPage: number,
  ): Promise<SearchGroup> {
    const terms = termsOf(words, page, perPage);
    const group = (rows: { total: number }[], hits: SearchHit[]): SearchGroup => ({
      kind,
      total: rows[0]?.total ?? 0,
      page,
      per_page: perPage,
      hits,
    });
    const { companyId, userId } = reader;
    switch (kind) {
      case 'education': {
        const rows = await q.educationHits(tx, companyId, userId, terms);
        return group(
          rows,
          rows.map((row) => presentHit(kind, row, words)),
        );
      }
      case 'program': {
        const rows = await q.programHits(tx, companyId, userId, reader.permissions.has('read_program'), terms);
        return group(
          rows,
          rows.map((row) => presentHit(kind, row, words)),
        );
      }
      case 'content': {
        const rows = await q.contentHits(tx, companyId, userId, reader.permissions.has('read_content'), terms);
        return group(
          rows,
          rows.map((row) => presentHit(kind, row, words)),
        );
      }
      case 'faq': {
        const rows = await q.faqHits(tx, companyId, language, terms);
        return group(
          rows,
          rows.map((row) => presentHit(kind, row, words)),
        );
      }
      case 'person':
        return searchPeople(tx, reader, words, terms, group);
    }
  }

  /** People, named as the reader may see them (spec §5): a masked surname is neither shown nor searched. */
  async function searchPeople(
    tx: Db,
    reader: Reader,
    words: string[],
    terms: q.SearchTerms,
    group: (rows: { total: number }[], hits: SearchHit[]) => SearchGroup,
  ): Promise<SearchGroup> {
    const restrict = await q.surnameViewRestrictOf(tx, reader.companyId);
    const viewer = { id: reader.userId, roles: reader.roleIds.map((id) => ({ id })) };
    const privileged = hasMoreThanOneRole(viewer.roles) || isSuperAdminByRoleCount(viewer.roles);
    const rows = await q.personHits(tx, reader.companyId, restrict !== 1 || privileged, terms);
    return group(
      rows,
      rows.map((row) => {
        const title = displayName(row, viewer, restrict);
        const job = [row.job_title, row.department].filter(Boolean).join(' · ');
        return {
          kind: 'person',
          id: row.id,
          title,
          title_highlights: findHighlights(title, words),
          snippet: job || null,
          snippet_highlights: job ? findHighlights(job, words) : [],
          image_url: row.photo,
          language: null,
          enrolled: false,
        };
      }),
    );
  }

  return {
    /**
     * GET api/search: every kind the reader may search, each its total and first page; with kind= that group alone,
     * paged. A query with no letter or digit in it finds nothing (and asks the database nothing).
     */
    search: (reader: Reader, query: SearchQuery, language: Locale): Promise<SearchResponse['data']> => {
      const words = searchWords(query.q);
      const allowed = searchableKinds(reader);
      const kinds = query.kind ? allowed.filter((kind) => kind === query.kind) : allowed;
      const page = query.kind ? query.page : 1;
      const empty = (kind: SearchKind): SearchGroup => ({ kind, total: 0, page, per_page: query.per_page, hits: [] });
      if (words.length === 0) return Promise.resolve({ query: query.q, groups: kinds.map(empty) });
      const groupOf = (tx: Db, kind: SearchKind) => searchKind(tx, reader, language, kind, words, page, query.per_page);
      if (runsKindsConcurrently) {
        // Each kind in its own read-only transaction on its own pooled connection: the search answers in the time of
        // its slowest kind, not in the sum of all five (docs/features/learning.md, "Search").
        return Promise.all(
          kinds.map((kind) => inTenant(db, reader.companyId, (tx) => groupOf(tx, kind), { readOnly: true })),
        ).then((groups) => ({ query: query.q, groups }));
      }
      return inTenant(
        db,
        reader.companyId,
        async (tx) => {
          const groups: SearchGroup[] = [];
          // One after another: the embedded database is one connection.
          for (const kind of kinds) groups.push(await groupOf(tx, kind));
          return { query: query.q, groups };
        },
        { readOnly: true },
      );
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

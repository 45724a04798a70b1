import type { Locale } from '@kampus/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

/**
 * The search's read model: plain SQL over the tables of the modules it searches (educations, programs, contents,
 * FAQ, people), through the expression indexes of migration 0014. Each statement runs in the reader's tenant
 * transaction, so row-level security holds it to the company; the explicit company_id lets the planner use the
 * indexes' tenant order as well.
 */

/** What one search asks: the folded words, the tsquery text made of them, and the page of one group. */
export interface SearchTerms {
  /** The query folded (kampus_fold); trigram matching takes its diacritics off as well (kampus_fold_plain). */
  folded: string;
  /** `word & word` for the stemming configurations, made of letters and digits only (no tsquery syntax can pass). */
  tsquery: string;
  /** `word:* & word:*`: the same words as prefixes, for the simple configuration. */
  prefixTsquery: string;
  limit: number;
  offset: number;
}

export interface HitRow {
  id: number;
  title: string;
  snippet: string | null;
  image_url: string | null;
  language: string | null;
  enrolled: boolean;
  total: number;
}

export interface PersonRow {
  id: number;
  name: string;
  surname: string;
  job_title: string | null;
  department: string | null;
  photo: string | null;
  total: number;
}

/**
 * The query in every configuration a row may be stemmed in: a row's document is stemmed in its own language, so the
 * query stemmed the same way is among these. OR-ing them keeps the match one indexable `@@` against a constant. The
 * words are prefixes only unstemmed (simple): a stem as a prefix matches too much ("deniz" stems to "den" in Turkish).
 */
const anyLanguageQuery = (terms: SearchTerms): SQL => sql`(
  to_tsquery('pg_catalog.turkish', ${terms.tsquery}) || to_tsquery('pg_catalog.english', ${terms.tsquery})
  || to_tsquery('pg_catalog.german', ${terms.tsquery}) || to_tsquery('pg_catalog.simple', ${terms.prefixTsquery}))`;

/**
 * Typo tolerance: the query's trigrams found in some stretch of the text (pg_trgm's word similarity ≥ 0.6), both
 * without diacritics. `text` is a plain-folded column a trigram index of migration 0026 holds (`search_title`,
 * `search_full_name`, `search_name`), or for the FAQ's few rows the folding itself.
 */
const typoMatch = (terms: SearchTerms, text: SQL): SQL =>
  terms.folded.length >= 3 ? sql`kampus_fold_plain(${terms.folded}) <% ${text}` : sql`false`;

/**
 * The ids of a table's rows matched by either index: the document's (migration 0014) or the stored folded title's
 * (0026). A union of two index scans rather than one OR, because the trigram index's candidates are always rechecked
 * and an OR would recheck them against the whole document too. Each condition is one operator between an indexed
 * column or expression of bare columns and a constant, so it stays an index condition under row-level security
 * (migration 0014 marks the functions and operators LEAKPROOF).
 */
const matchedIds = (table: SQL, companyId: number, terms: SearchTerms, document: SQL): SQL => sql`(
  select id from ${table} where company_id = ${companyId} and ${typoMatch(terms, sql`search_title`)}
  union
  select id from ${table} where company_id = ${companyId} and ${document} @@ ${anyLanguageQuery(terms)})`;

/** Title matches first: how closely the title's words (plain-folded, as stored) resemble the query. */
const titleRank = (terms: SearchTerms, foldedTitle: SQL): SQL =>
  sql`word_similarity(kampus_fold_plain(${terms.folded}), ${foldedTitle})`;

const rowsOf = async <T>(tx: Db, query: SQL): Promise<T[]> =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows.map((row) => ({
    ...row,
    total: Number((row as { total: unknown }).total),
  }));

/**
 * Active educations the reader may open: enrolled, or open in the catalogue (the detail page's own rule, so every
 * hit's link works). The document expression is the one educations_search_document_idx indexes.
 */
export const educationHits = (tx: Db, companyId: number, userId: number, terms: SearchTerms) =>
  rowsOf<HitRow>(
    tx,
    sql`
    select e.id, e.title, coalesce(e.sub_title, e.description_title) as snippet, e.image_url, e.language,
      (en.id is not null) as enrolled, count(*) over () as total
    from educations e
    left join education_enrolments en on en.education_id = e.id and en.user_id = ${userId}
    where e.company_id = ${companyId} and e.status = 1 and (e.visibility in ('catalogue', 'request') or en.id is not null)
      and e.id in ${matchedIds(
        sql`educations`,
        companyId,
        terms,
        sql`kampus_search_document(language, title, sub_title, description_title, description)`,
      )}
    order by ${titleRank(terms, sql`e.search_title`)} desc, e.id
    limit ${terms.limit} offset ${terms.offset}`,
  );

/** Active programs the reader is in, or every active one for a reader with read_program. No language: simple. */
export const programHits = (tx: Db, companyId: number, userId: number, allActive: boolean, terms: SearchTerms) =>
  rowsOf<HitRow>(
    tx,
    sql`
    select p.id, p.title, p.description as snippet, p.image_url, null as language,
      (pe.id is not null) as enrolled, count(*) over () as total
    from programs p
    left join program_enrolments pe on pe.program_id = p.id and pe.user_id = ${userId}
    where p.company_id = ${companyId} and p.status = 1 and (pe.id is not null or ${allActive})
      and p.id in ${matchedIds(
        sql`programs`,
        companyId,
        terms,
        sql`kampus_search_document(NULL, title, NULL, NULL, description)`,
      )}
    order by ${titleRank(terms, sql`p.search_title`)} desc, p.id
    limit ${terms.limit} offset ${terms.offset}`,
  );

/** Contents the reader is enrolled in (active ones), or every content for a reader with read_content. */
export const contentHits = (tx: Db, companyId: number, userId: number, everything: boolean, terms: SearchTerms) =>
  rowsOf<HitRow>(
    tx,
    sql`
    select c.id, c.title, c.description as snippet, c.cover_url as image_url, c.language,
      (ce.id is not null) as enrolled, count(*) over () as total
    from contents c
    left join content_enrolments ce on ce.content_id = c.id and ce.user_id = ${userId}
    where c.company_id = ${companyId} and (${everything} or (ce.id is not null and c.status = 1))
      and c.id in ${matchedIds(
        sql`contents`,
        companyId,
        terms,
        sql`kampus_search_document(language, title, description, NULL, NULL)`,
      )}
    order by ${titleRank(terms, sql`c.search_title`)} desc, c.id
    limit ${terms.limit} offset ${terms.offset}`,
  );

/**
 * Active FAQ entries written in the request language, outside any category or in an active one (the FAQ page's
 * rule). A company's FAQ is a few dozen rows: the tenant's status index finds them, the match runs on those.
 */
export const faqHits = (tx: Db, companyId: number, language: Locale, terms: SearchTerms) =>
  rowsOf<HitRow>(
    tx,
    sql`
    select f.id, f.question ->> ${language} as title, f.answer ->> ${language} as snippet, null as image_url,
      ${language}::text as language, false as enrolled, count(*) over () as total
    from faqs f
    left join faq_categories fc on fc.id = f.category_id
    where f.company_id = ${companyId} and f.status = 1 and (f.category_id is null or fc.status = 1)
      and f.question ->> ${language} is not null
      and (${typoMatch(terms, sql`kampus_fold_plain(f.question ->> ${language})`)}
        or kampus_search_document(${language}::text, f.question ->> ${language}, NULL, NULL, f.answer ->> ${language})
             @@ ${anyLanguageQuery(terms)})
    order by ${titleRank(terms, sql`kampus_fold_plain(f.question ->> ${language})`)} desc, f.order, f.id
    limit ${terms.limit} offset ${terms.offset}`,
  );

/**
 * Active people of the company by name. Where the reader sees surnames masked, only the first name is searched:
 * a match on a hidden surname would tell what the mask hides (spec §5).
 */
export const personHits = (tx: Db, companyId: number, surnameSearchable: boolean, terms: SearchTerms) => {
  const name = surnameSearchable ? sql`u.search_full_name` : sql`u.search_name`;
  // Two letters are too few for trigrams: a name beginning with them (a scan of the tenant's people, not indexed).
  const matches =
    terms.folded.length >= 3
      ? typoMatch(terms, name)
      : sql`${name} like kampus_fold_plain(${`${escapeLike(terms.folded)}%`})`;
  return rowsOf<PersonRow>(
    tx,
    sql`
    select u.id, u.name, u.surname, u.title as job_title, u.department, u.photo, count(*) over () as total
    from users u
    where u.company_id = ${companyId} and u.status = 1
      and ${matches}
    order by ${titleRank(terms, name)} desc, u.name, u.surname, u.id
    limit ${terms.limit} offset ${terms.offset}`,
  );
};

/** A LIKE pattern's own characters, escaped (the default escape is the backslash). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The company's surname_view_restrict (spec §5). */
export async function surnameViewRestrictOf(tx: Db, companyId: number): Promise<number> {
  const [row] = await rowsOf<{ restrict: number; total: number }>(
    tx,
    sql`select surname_view_restrict as restrict, 0 as total from companies where id = ${companyId}`,
  );
  return row?.restrict ?? 0;
}

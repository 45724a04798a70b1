-- Search (issue 13): full-text search in the row's language plus trigram matching for typos, both over text folded
-- so that İ, I, ı and i are one letter. A read model: nothing here is written by the application.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Folds a text for search: dotted and dotless i (İ I ı i) become i, then lower case. The capitals with diacritics
-- are lowered explicitly, since lower() leaves them alone under the C locale. Same rule as foldForSearch (shared).
CREATE OR REPLACE FUNCTION kampus_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(translate(value, 'İIıÇŞĞÖÜÂÎÛÄ', 'iiiçşğöüâîûä'));
--> statement-breakpoint
-- kampus_fold without the diacritics (ç ş ğ ö ü â î û ä): what trigram matching compares, so a word typed without
-- Turkish letters ("guvenlik") still finds its row ("güvenlik"). Stemming keeps them: the stemmers need them.
-- PL/pgSQL, not SQL, on purpose here and below: an SQL function is inlined into the query, and the planner would then
-- judge the functions inside it rather than this one (see the LEAKPROOF step at the end). PL/pgSQL bodies name the
-- functions they call with their schema: ANALYZE and autovacuum evaluate index expressions with a search_path of
-- pg_catalog alone (PostgreSQL 17).
CREATE OR REPLACE FUNCTION kampus_fold_plain(value text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ BEGIN RETURN translate(public.kampus_fold(value), 'çşğöüâîûä', 'csgouaiua'); END $$;
--> statement-breakpoint
-- A person's full name as trigram matching compares it.
CREATE OR REPLACE FUNCTION kampus_fold_name(name text, surname text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$ BEGIN RETURN public.kampus_fold_plain(coalesce(name, '') || ' ' || coalesce(surname, '')); END $$;
--> statement-breakpoint
-- The text search configuration of a row's language: Turkish, English and German stem; Azerbaijani (no snowball
-- stemmer exists for it) and anything else is matched word for word.
CREATE OR REPLACE FUNCTION kampus_ts_config(language text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE language
    WHEN 'tr' THEN 'pg_catalog.turkish'::regconfig
    WHEN 'en' THEN 'pg_catalog.english'::regconfig
    WHEN 'de' THEN 'pg_catalog.german'::regconfig
    ELSE 'pg_catalog.simple'::regconfig
  END;
--> statement-breakpoint
-- A row's search document in its language: the title weighs most, then the second line, then the body texts (HTML
-- tags taken out). Its arguments are bare columns, so an index on it is usable under row-level security.
-- Its cost tells the planner that reading its index beats computing it row by row.
CREATE OR REPLACE FUNCTION kampus_search_document(language text, title text, second text, body_title text, body text)
  RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 1000
  AS $$
  DECLARE config regconfig := public.kampus_ts_config(language);
  BEGIN
    RETURN setweight(to_tsvector(config, public.kampus_fold(coalesce(title, ''))), 'A')
      || setweight(to_tsvector(config, public.kampus_fold(coalesce(second, ''))), 'B')
      || setweight(to_tsvector(config, public.kampus_fold(coalesce(body_title, '') || ' '
           || regexp_replace(coalesce(body, ''), '<[^>]*>', ' ', 'g'))), 'C');
  END $$;
--> statement-breakpoint
CREATE INDEX "educations_search_document_idx" ON "educations" USING gin (kampus_search_document("language", "title", "sub_title", "description_title", "description"));
--> statement-breakpoint
CREATE INDEX "educations_search_title_trgm_idx" ON "educations" USING gin (kampus_fold_plain("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "contents_search_document_idx" ON "contents" USING gin (kampus_search_document("language", "title", "description", NULL, NULL));
--> statement-breakpoint
CREATE INDEX "contents_search_title_trgm_idx" ON "contents" USING gin (kampus_fold_plain("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "programs_search_document_idx" ON "programs" USING gin (kampus_search_document(NULL, "title", NULL, NULL, "description"));
--> statement-breakpoint
CREATE INDEX "programs_search_title_trgm_idx" ON "programs" USING gin (kampus_fold_plain("title") gin_trgm_ops);
--> statement-breakpoint
-- People are found by name: the full name, or the first name alone where surnames are masked (spec §5).
CREATE INDEX "users_search_full_name_trgm_idx" ON "users" USING gin (kampus_fold_name("name", "surname") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin (kampus_fold_plain("name") gin_trgm_ops);
--> statement-breakpoint
-- Row-level security evaluates its policy before any condition whose functions are not LEAKPROOF, and such a
-- condition cannot be an index condition: without this step every search reads all of the tenant's rows (10,000
-- educations: 100 ms and more). The functions marked compare or fold their arguments and raise no error that depends
-- on a row's content, which is what LEAKPROOF promises (PostgreSQL marks its own comparison functions so):
-- ts_match_vq is `tsvector @@ tsquery`, word_similarity_op and its commutator are pg_trgm's `<%` and `%>`. Only a superuser may mark a function
-- LEAKPROOF; a migration owner that is not one keeps search correct, only slower, and is told so.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION kampus_fold(text) LEAKPROOF;
    ALTER FUNCTION kampus_fold_plain(text) LEAKPROOF;
    ALTER FUNCTION kampus_fold_name(text, text) LEAKPROOF;
    ALTER FUNCTION kampus_ts_config(text) LEAKPROOF;
    ALTER FUNCTION kampus_search_document(text, text, text, text, text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF;
    ALTER FUNCTION word_similarity_op(text, text) LEAKPROOF;
    ALTER FUNCTION word_similarity_commutator_op(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'kampus search: the migration owner is not a superuser, so the search indexes cannot serve queries under row-level security; search scans each tenant''s rows instead';
  END IF;
END $$;

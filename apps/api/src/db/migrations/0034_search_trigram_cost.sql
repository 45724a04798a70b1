-- Search (issue 13): what pg_trgm's `<%` costs the planner. word_similarity_op and its commutator (`<%`, `%>`) are
-- declared at the default cost of 1, as cheap as an integer comparison, while each call compares the query's trigrams
-- with a whole title (≈ 20 µs). So the planner judged a sequential scan of a tenant's 10,000 educations, computing
-- `<%` on each row, cheaper than the trigram index: 170–195 ms for a broad word ("güvenliği") where the index and
-- its recheck take 25 ms (EXPLAIN ANALYZE on bench:search's data, PostgreSQL 15). At cost 100 the index wins from a
-- few hundred rows up; a company's few FAQ rows are still scanned. Only a superuser may alter an extension's
-- functions (as the LEAKPROOF step of migration 0014); anyone else keeps correct, slower plans and is told so.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION word_similarity_op(text, text) COST 100;
    ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
  ELSE
    RAISE NOTICE 'kampus search: the migration owner is not a superuser, so the trigram operators keep their default cost and broad searches may scan each tenant''s rows instead of the trigram indexes';
  END IF;
END $$;

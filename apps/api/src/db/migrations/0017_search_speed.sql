-- Search speed (issue 13): the planner is told what the folding functions of migration 0014 cost. As PL/pgSQL they
-- were priced like one operator (COST 100 × cpu_operator_cost), so on a table of a thousand rows (a company's
-- contents) reading every row and folding its title looked cheaper than the trigram index; folding one title takes
-- a few microseconds (two multi-byte translate() calls), and a search read all of them (contents: 8 ms → 2 ms).
-- ALTER FUNCTION keeps the LEAKPROOF marks of migration 0014; only the estimate changes, never a result.
ALTER FUNCTION kampus_fold_plain(text) COST 1000;
--> statement-breakpoint
ALTER FUNCTION kampus_fold_name(text, text) COST 1000;

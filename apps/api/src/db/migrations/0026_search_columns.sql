-- Search speed (issue 13): the texts trigram matching compares are stored, folded, beside the rows they come from.
-- Matching through an index of the folding function (migration 0014) rechecked every candidate by folding its title
-- again in PL/pgSQL, and ranking folded it once more: two folds per matched row (a broad word matches thousands).
-- Generated columns fold once, when a row is written; the trigram indexes now index the columns themselves, and the
-- search reads them for matching and for ranking. Still a read model: the application never writes these columns.
ALTER TABLE "educations" ADD COLUMN "search_title" text GENERATED ALWAYS AS (kampus_fold_plain("title")) STORED;
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "search_title" text GENERATED ALWAYS AS (kampus_fold_plain("title")) STORED;
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "search_title" text GENERATED ALWAYS AS (kampus_fold_plain("title")) STORED;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_full_name" text GENERATED ALWAYS AS (kampus_fold_name("name", "surname")) STORED;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (kampus_fold_plain("name")) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "educations_search_title_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "contents_search_title_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "programs_search_title_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_full_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_name_trgm_idx";
--> statement-breakpoint
CREATE INDEX "educations_search_title_trgm_idx" ON "educations" USING gin ("search_title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "contents_search_title_trgm_idx" ON "contents" USING gin ("search_title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "programs_search_title_trgm_idx" ON "programs" USING gin ("search_title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_search_full_name_trgm_idx" ON "users" USING gin ("search_full_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);

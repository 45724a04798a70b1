CREATE TABLE "agenda_feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agenda_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"host_company_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agenda_feeds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "agenda_feeds" ADD CONSTRAINT "agenda_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_feeds" ADD CONSTRAINT "agenda_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_feeds" ADD CONSTRAINT "agenda_feeds_host_company_id_companies_id_fk" FOREIGN KEY ("host_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_feeds_company_user_key" ON "agenda_feeds" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_feeds_token_hash_key" ON "agenda_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "agenda_feeds_user_idx" ON "agenda_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "agenda_feeds" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "agenda_feeds"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "agenda_feeds"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
-- Hand-written (keep at the end): the owner is held to the policy too, as every tenant table is (migration 0009).
ALTER TABLE "agenda_feeds" FORCE ROW LEVEL SECURITY;

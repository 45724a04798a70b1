CREATE TABLE "hashtags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hashtags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hashtags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "institutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"city" text,
	"contact_email" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "institutions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "hashtags" ADD CONSTRAINT "hashtags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hashtags_company_name_key" ON "hashtags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "hashtags_company_created_idx" ON "hashtags" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "hashtags_company_status_idx" ON "hashtags" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_company_code_key" ON "institutions" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "institutions_company_name_idx" ON "institutions" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "institutions_company_created_idx" ON "institutions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "institutions_company_status_idx" ON "institutions" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "hashtags" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "hashtags"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "hashtags"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "institutions" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "institutions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "institutions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));
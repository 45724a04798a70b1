CREATE TABLE "certificate_definitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificate_definitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"trigger" text NOT NULL,
	"ref_id" integer NOT NULL,
	"min_score" integer,
	"template_id" integer,
	"validity_months" integer,
	"evaluation_required" boolean DEFAULT false NOT NULL,
	"recertify" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_definitions_trigger_check" CHECK ("certificate_definitions"."trigger" in ('education', 'program', 'exam', 'assignment')),
	CONSTRAINT "certificate_definitions_status_check" CHECK ("certificate_definitions"."status" in (0, 1)),
	CONSTRAINT "certificate_definitions_min_score_check" CHECK ("certificate_definitions"."min_score" is null or "certificate_definitions"."min_score" between 0 and 100),
	CONSTRAINT "certificate_definitions_validity_check" CHECK ("certificate_definitions"."validity_months" is null or "certificate_definitions"."validity_months" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "certificate_definitions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"definition_id" integer NOT NULL,
	"cycle" integer DEFAULT 1 NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'valid' NOT NULL,
	"score" integer,
	"revoked_reason" text,
	"revoked_by" integer,
	"revoked_at" timestamp with time zone,
	"expiry_warned_at" timestamp with time zone,
	"pdf_file_id" integer,
	"png_file_id" integer,
	"template_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_status_check" CHECK ("certificates"."status" in ('valid', 'revoked', 'expired')),
	CONSTRAINT "certificates_cycle_check" CHECK ("certificates"."cycle" > 0)
);
--> statement-breakpoint
ALTER TABLE "certificates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "certificate_definitions" ADD CONSTRAINT "certificate_definitions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_definitions" ADD CONSTRAINT "certificate_definitions_template_id_certificate_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."certificate_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_definitions" ADD CONSTRAINT "certificate_definitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_definition_id_certificate_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."certificate_definitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_pdf_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_png_file_id_stored_files_id_fk" FOREIGN KEY ("png_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_template_id_certificate_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."certificate_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_definitions_company_trigger_idx" ON "certificate_definitions" USING btree ("company_id","trigger","ref_id","status");--> statement-breakpoint
CREATE INDEX "certificate_definitions_company_updated_idx" ON "certificate_definitions" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_company_number_idx" ON "certificates" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_person_cycle_idx" ON "certificates" USING btree ("company_id","user_id","definition_id","cycle");--> statement-breakpoint
CREATE INDEX "certificates_company_definition_idx" ON "certificates" USING btree ("company_id","definition_id","issued_at");--> statement-breakpoint
CREATE INDEX "certificates_company_user_idx" ON "certificates" USING btree ("company_id","user_id","issued_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "certificate_definitions" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "certificate_definitions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "certificate_definitions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "certificates" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "certificates"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "certificates"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
-- Hand-written: the owner is held to the policy too, as on every tenant table (see 0009).
ALTER TABLE "certificate_definitions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "certificates" FORCE ROW LEVEL SECURITY;

CREATE TABLE "stored_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"original_name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"uploaded_by" integer,
	"attachments" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stored_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "upload_quota_mb" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_company_name_key" ON "stored_files" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "stored_files_unattached_idx" ON "stored_files" USING btree ("created_at") WHERE "stored_files"."attachments" = 0;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stored_files" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "stored_files"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "stored_files"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));
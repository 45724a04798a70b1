CREATE TABLE "training_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"education_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"reason" text,
	"assignment_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_requests_status_check" CHECK ("training_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "training_requests_decided_check" CHECK (("training_requests"."status" = 'pending') = ("training_requests"."decided_at" is null) and ("training_requests"."status" <> 'rejected' or "training_requests"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "training_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "educations" DROP CONSTRAINT "educations_visibility_check";--> statement-breakpoint
ALTER TABLE "training_requests" ADD CONSTRAINT "training_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_requests" ADD CONSTRAINT "training_requests_education_id_educations_id_fk" FOREIGN KEY ("education_id") REFERENCES "public"."educations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_requests" ADD CONSTRAINT "training_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_requests" ADD CONSTRAINT "training_requests_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_requests" ADD CONSTRAINT "training_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_requests_one_pending_key" ON "training_requests" USING btree ("education_id","user_id") WHERE "training_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "training_requests_company_created_idx" ON "training_requests" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "training_requests_company_education_idx" ON "training_requests" USING btree ("company_id","education_id","status");--> statement-breakpoint
CREATE INDEX "training_requests_user_idx" ON "training_requests" USING btree ("user_id","education_id","created_at");--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_visibility_check" CHECK ("educations"."visibility" in ('assigned', 'catalogue', 'request'));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "training_requests" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "training_requests"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "training_requests"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
-- Hand-written (keep at the end; the lead renumbers this migration at merge): the table answers to RLS even for its
-- owner, like every tenant table (0009).
ALTER TABLE "training_requests" FORCE ROW LEVEL SECURITY;

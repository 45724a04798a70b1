CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"custom_domain" text,
	"logo_link" text,
	"parent_id" integer,
	"is_group_alias" boolean DEFAULT false NOT NULL,
	"can_switch_company" boolean DEFAULT false NOT NULL,
	"surname_view_restrict" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"default_language" text DEFAULT 'tr' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "short_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "short_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"actor_user_id" integer,
	"impersonator_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer,
	"before" jsonb,
	"after" jsonb,
	"ip" "inet",
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"acting_company_id" integer NOT NULL,
	"impersonator_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"company_id" integer,
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
ALTER TABLE "role_permissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "role_user" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "role_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_user" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100 CACHE 1),
	"company_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text,
	"username" text,
	"phone" text,
	"national_id" text,
	"registration_number" text,
	"photo" text,
	"bio" text,
	"language" text DEFAULT 'tr' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"email_verified_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_parent_id_companies_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_user" ADD CONSTRAINT "role_user_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_user" ADD CONSTRAINT "role_user_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_user" ADD CONSTRAINT "role_user_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug_key" ON "companies" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_custom_domain_key" ON "companies" USING btree ("custom_domain");--> statement-breakpoint
CREATE INDEX "companies_parent_idx" ON "companies" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_settings_company_key" ON "company_settings" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "menu_items_company_order_idx" ON "menu_items" USING btree ("company_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_company_code_key" ON "short_links" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "audit_logs_company_created_idx" ON "audit_logs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash_key" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("company_id","family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "role_user_company_user_role_key" ON "role_user" USING btree ("company_id","user_id","role_id");--> statement-breakpoint
CREATE INDEX "role_user_user_idx" ON "role_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "roles_company_idx" ON "roles" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_email_key" ON "users" USING btree ("company_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_username_key" ON "users" USING btree ("company_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_phone_key" ON "users" USING btree ("company_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_national_id_key" ON "users" USING btree ("company_id","national_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_registration_number_key" ON "users" USING btree ("company_id","registration_number");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "company_settings" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "company_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "company_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "menu_items" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "menu_items"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "menu_items"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "short_links" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "short_links"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "short_links"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "audit_logs" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "audit_logs"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "audit_logs"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "one_time_tokens" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "one_time_tokens"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "one_time_tokens"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "refresh_tokens" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "refresh_tokens"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "refresh_tokens"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "role_permissions" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "role_permissions"."company_id" is null or "role_permissions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "role_permissions"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "role_user" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "role_user"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "role_user"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "roles" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "roles"."company_id" is null or "roles"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "roles"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "users" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "users"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "users"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));
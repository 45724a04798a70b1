CREATE TABLE "gift_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" smallint NOT NULL,
	"price" integer NOT NULL,
	"stock" integer,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_products_type_check" CHECK ("gift_products"."type" in (1, 2, 3)),
	CONSTRAINT "gift_products_price_check" CHECK ("gift_products"."price" > 0),
	CONSTRAINT "gift_products_stock_check" CHECK ("gift_products"."stock" is null or "gift_products"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gift_products" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "gift_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"variant_label" text,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"tracking_note" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_requests_status_check" CHECK ("gift_requests"."status" in ('requested', 'approved', 'shipped', 'delivered', 'rejected', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "gift_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "gift_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"label" text NOT NULL,
	"stock" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gift_variants_stock_check" CHECK ("gift_variants"."stock" is null or "gift_variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gift_variants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gift_products" ADD CONSTRAINT "gift_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_products" ADD CONSTRAINT "gift_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_requests" ADD CONSTRAINT "gift_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_requests" ADD CONSTRAINT "gift_requests_product_id_gift_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."gift_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_requests" ADD CONSTRAINT "gift_requests_variant_id_gift_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."gift_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_requests" ADD CONSTRAINT "gift_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_requests" ADD CONSTRAINT "gift_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_variants" ADD CONSTRAINT "gift_variants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_variants" ADD CONSTRAINT "gift_variants_product_id_gift_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."gift_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_products_company_created_idx" ON "gift_products" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gift_requests_company_created_idx" ON "gift_requests" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gift_requests_company_user_idx" ON "gift_requests" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_requests_company_product_idx" ON "gift_requests" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE INDEX "gift_variants_product_idx" ON "gift_variants" USING btree ("company_id","product_id","position");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "gift_products" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "gift_products"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "gift_products"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "gift_requests" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "gift_requests"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "gift_requests"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "gift_variants" AS PERMISSIVE FOR ALL TO "kampus_app" USING ((current_setting('app.bypass_rls', true) = 'on' or "gift_variants"."company_id" = nullif(current_setting('app.company_id', true), '')::integer)) WITH CHECK ((current_setting('app.bypass_rls', true) = 'on' or "gift_variants"."company_id" = nullif(current_setting('app.company_id', true), '')::integer));--> statement-breakpoint
-- Hand-written: the owner is held to the policy too, as on every tenant table (see 0009).
ALTER TABLE "gift_products" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gift_variants" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gift_requests" FORCE ROW LEVEL SECURITY;

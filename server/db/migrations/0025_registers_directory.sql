CREATE TABLE "company_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"statement" text,
	"email" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" smallint DEFAULT 0 NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sme_category" smallint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "revenue_band" text;--> statement-breakpoint
ALTER TABLE "company_claims" ADD CONSTRAINT "company_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_claims" ADD CONSTRAINT "company_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_claims" ADD CONSTRAINT "company_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_claims_pending_key" ON "company_claims" USING btree ("company_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "company_claims_user_idx" ON "company_claims" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "company_claims_review_idx" ON "company_claims" USING btree ("created_at","id") WHERE status = 'pending' and method = 'moderation';--> statement-breakpoint
CREATE INDEX "companies_sme_category_idx" ON "companies" USING btree ("sme_category","id") WHERE status = 'published' and sme_category is not null;--> statement-breakpoint
CREATE INDEX "companies_revenue_band_idx" ON "companies" USING btree ("revenue_band","id") WHERE status = 'published' and revenue_band is not null;--> statement-breakpoint
CREATE INDEX "companies_headcount_range_idx" ON "companies" USING btree ("headcount_range","id") WHERE status = 'published' and headcount_range is not null;--> statement-breakpoint
CREATE INDEX "companies_platform_list_idx" ON "companies" USING btree ("verification_level" DESC NULLS FIRST,"published_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE status = 'published' and origin = 'platform';--> statement-breakpoint
-- Backfill the register facts of companies imported before (ADR 057; the import keeps them in step from now on).
UPDATE "companies" c SET "sme_category" = CASE WHEN e."left_register_at" IS NULL THEN e."sme_category" END,
  "revenue_band" = CASE WHEN e."revenue" IS NULL THEN NULL WHEN e."revenue" < 120000000 THEN 'upto120m'
    WHEN e."revenue" < 800000000 THEN '120m-800m' WHEN e."revenue" < 2000000000 THEN '800m-2b' ELSE 'over2b' END
  FROM "register_entries" e WHERE e."company_id" = c."id";

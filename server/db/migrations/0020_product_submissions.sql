CREATE TABLE "product_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"price_list_run_id" integer,
	"product_count" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"decision" text,
	"moderation_note" text,
	"moderation_note_lang" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_list_run_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "submission_id" integer;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD CONSTRAINT "product_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD CONSTRAINT "product_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD CONSTRAINT "product_submissions_price_list_run_id_price_list_runs_id_fk" FOREIGN KEY ("price_list_run_id") REFERENCES "public"."price_list_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_submissions_state_idx" ON "product_submissions" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_list_run_id_price_list_runs_id_fk" FOREIGN KEY ("price_list_run_id") REFERENCES "public"."price_list_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_submission_id_product_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."product_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_price_list_run_idx" ON "products" USING btree ("price_list_run_id") WHERE price_list_run_id is not null;--> statement-breakpoint
CREATE INDEX "products_submission_idx" ON "products" USING btree ("submission_id") WHERE submission_id is not null;
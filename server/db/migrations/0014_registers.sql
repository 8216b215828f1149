CREATE TABLE "register_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "register_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inn" text NOT NULL,
	"run_id" integer NOT NULL,
	"previous_run_id" integer,
	"kind" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_entries" (
	"inn" text PRIMARY KEY NOT NULL,
	"company_id" integer,
	"kind" text NOT NULL,
	"ogrn" text,
	"name_full" text NOT NULL,
	"name_short" text,
	"region_code" text,
	"city" text,
	"okved_main" text,
	"okved_extra" text[] DEFAULT '{}'::text[] NOT NULL,
	"sme_category" smallint,
	"sme_included_at" date,
	"sme_as_of" date,
	"sme_run_id" integer,
	"left_register_at" date,
	"headcount" integer,
	"headcount_as_of" date,
	"headcount_run_id" integer,
	"revenue" numeric(18, 2),
	"expenses" numeric(18, 2),
	"finance_as_of" date,
	"finance_run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"sha256" text NOT NULL,
	"data_set" text,
	"format_version" text,
	"as_of" date,
	"partial" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"entries_done" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"left" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"refusals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "origin" text DEFAULT 'platform' NOT NULL;--> statement-breakpoint
ALTER TABLE "register_changes" ADD CONSTRAINT "register_changes_run_id_register_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."register_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_changes" ADD CONSTRAINT "register_changes_previous_run_id_register_runs_id_fk" FOREIGN KEY ("previous_run_id") REFERENCES "public"."register_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_sme_run_id_register_runs_id_fk" FOREIGN KEY ("sme_run_id") REFERENCES "public"."register_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_headcount_run_id_register_runs_id_fk" FOREIGN KEY ("headcount_run_id") REFERENCES "public"."register_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_finance_run_id_register_runs_id_fk" FOREIGN KEY ("finance_run_id") REFERENCES "public"."register_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_changes_inn_idx" ON "register_changes" USING btree ("inn","id");--> statement-breakpoint
CREATE INDEX "register_changes_run_idx" ON "register_changes" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "register_entries_company_key" ON "register_entries" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "register_entries_in_sme_idx" ON "register_entries" USING btree ("inn") WHERE sme_as_of is not null and left_register_at is null;--> statement-breakpoint
CREATE INDEX "register_runs_sha256_idx" ON "register_runs" USING btree ("sha256","id");
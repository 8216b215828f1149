CREATE TABLE "classifier_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"classifier" text NOT NULL,
	"edition" text NOT NULL,
	"source" text NOT NULL,
	"row_count" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classifier_terms" (
	"classifier" text NOT NULL,
	"term" text NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "classifier_terms_classifier_term_pk" PRIMARY KEY("classifier","term")
);
--> statement-breakpoint
CREATE TABLE "okved_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"code_digits" text GENERATED ALWAYS AS (regexp_replace(code, '[^0-9]', '', 'g')) STORED NOT NULL,
	"section" text NOT NULL,
	"level" smallint NOT NULL,
	"parent_code" text,
	"is_leaf" boolean NOT NULL,
	"position" integer NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text,
	"name_zh" text,
	"source_lang" text DEFAULT 'ru' NOT NULL,
	"notes_ru" text,
	"includes_ru" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excludes_ru" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, name_ru), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(name_en, '')), 'B') || setweight(to_tsvector('russian'::regconfig, coalesce(notes_ru, '')), 'D')) STORED NOT NULL,
	"abolished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tnved_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"code_digits" text GENERATED ALWAYS AS (regexp_replace(code, '[^0-9]', '', 'g')) STORED NOT NULL,
	"section" text NOT NULL,
	"level" smallint NOT NULL,
	"parent_code" text,
	"is_leaf" boolean NOT NULL,
	"position" integer NOT NULL,
	"indent" smallint DEFAULT 0 NOT NULL,
	"name_ru" text NOT NULL,
	"name_ru_full" text,
	"name_en" text,
	"name_zh" text,
	"source_lang" text DEFAULT 'ru' NOT NULL,
	"notes_ru" text,
	"valid_from" date,
	"edition" text NOT NULL,
	"provisional" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, name_ru), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(name_en, '')), 'B') || setweight(to_tsvector('russian'::regconfig, coalesce(name_ru_full, '')), 'C')) STORED NOT NULL,
	"abolished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "classifier_terms_trgm_idx" ON "classifier_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "okved_codes_parent_idx" ON "okved_codes" USING btree ("parent_code","position");--> statement-breakpoint
CREATE INDEX "okved_codes_digits_idx" ON "okved_codes" USING btree ("code_digits" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "okved_codes_search_idx" ON "okved_codes" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tnved_codes_parent_idx" ON "tnved_codes" USING btree ("parent_code","position");--> statement-breakpoint
CREATE INDEX "tnved_codes_digits_idx" ON "tnved_codes" USING btree ("code_digits" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tnved_codes_search_idx" ON "tnved_codes" USING gin ("search_vector");
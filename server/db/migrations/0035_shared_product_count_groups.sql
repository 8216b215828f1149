CREATE TABLE "catalogue_counts_refresh" (
	"id" smallint PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone,
	CONSTRAINT "catalogue_counts_refresh_one_row" CHECK ("catalogue_counts_refresh"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "product_count_groups" (
	"category_id" integer,
	"currency" text,
	"region_code" text,
	"country" text NOT NULL,
	"verified" boolean NOT NULL,
	"chapter" text,
	"moq_unit" text,
	"n" integer NOT NULL,
	"min_price" text,
	"max_price" text,
	"min_moq" text,
	"max_moq" text
);

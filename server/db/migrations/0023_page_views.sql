CREATE TABLE "page_view_hits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_view_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views_daily" (
	"kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_views_daily_kind_entity_id_day_pk" PRIMARY KEY("kind","entity_id","day")
);
--> statement-breakpoint
ALTER TABLE "page_views_daily" ADD CONSTRAINT "page_views_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_view_hits_day_idx" ON "page_view_hits" USING btree ("day");--> statement-breakpoint
CREATE INDEX "page_views_daily_company_idx" ON "page_views_daily" USING btree ("company_id","day");
CREATE SEQUENCE "public"."register_okved_groups_changes" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "register_okved_groups" (
	"okved_code" text NOT NULL,
	"region_code" text,
	"country" text NOT NULL,
	"verified" boolean NOT NULL,
	"kind" text,
	"origin" text NOT NULL,
	"sme_category" smallint,
	"headcount_range" text,
	"revenue_band" text,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_okved_groups_refresh" (
	"id" smallint PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone,
	"refreshed_change" bigint,
	CONSTRAINT "register_okved_groups_refresh_one_row" CHECK ("register_okved_groups_refresh"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "register_okved_groups_code_idx" ON "register_okved_groups" USING btree ("okved_code");--> statement-breakpoint
-- The first value taken here, so that the refresh row's `refreshed_change` names a value taken
-- (`last_value` of a sequence never used reads 1 too).
SELECT nextval('register_okved_groups_changes');
--> statement-breakpoint
INSERT INTO "register_okved_groups_refresh" ("id") VALUES (1);
--> statement-breakpoint
-- A statement that changes a register company (origin other than 'platform') or one's activities marks
-- register_okved_groups out of date (server/catalog/okved-groups.ts, ADR 074): statement-level, over the
-- statement's transition tables, so one check per statement (a bulk COPY included) and nothing at all
-- for statements that touch only the platform's companies. It takes the next change number and holds
-- the advisory lock 740074 in shared mode to its transaction's end: writers never wait for each other,
-- and a refresh, which takes the lock exclusively for a moment, waits for the writers in flight.
CREATE FUNCTION "register_okved_groups_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched boolean := false;
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      touched := EXISTS (SELECT 1 FROM old_rows WHERE origin <> 'platform');
    END IF;
    IF NOT touched AND TG_OP IN ('INSERT', 'UPDATE') THEN
      touched := EXISTS (SELECT 1 FROM new_rows WHERE origin <> 'platform');
    END IF;
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      touched := EXISTS (SELECT 1 FROM old_rows r JOIN companies c ON c.id = r.company_id WHERE c.origin <> 'platform');
    END IF;
    IF NOT touched AND TG_OP IN ('INSERT', 'UPDATE') THEN
      touched := EXISTS (SELECT 1 FROM new_rows r JOIN companies c ON c.id = r.company_id WHERE c.origin <> 'platform');
    END IF;
  END IF;
  IF touched THEN
    PERFORM pg_advisory_xact_lock_shared(740074);
    PERFORM nextval('register_okved_groups_changes');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "companies_register_okved_groups_insert" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "register_okved_groups_changed"();
--> statement-breakpoint
CREATE TRIGGER "companies_register_okved_groups_update" AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "register_okved_groups_changed"();
--> statement-breakpoint
CREATE TRIGGER "companies_register_okved_groups_delete" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "register_okved_groups_changed"();
--> statement-breakpoint
CREATE TRIGGER "company_okved_codes_register_okved_groups_insert" AFTER INSERT ON "company_okved_codes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "register_okved_groups_changed"();
--> statement-breakpoint
CREATE TRIGGER "company_okved_codes_register_okved_groups_update" AFTER UPDATE ON "company_okved_codes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "register_okved_groups_changed"();
--> statement-breakpoint
CREATE TRIGGER "company_okved_codes_register_okved_groups_delete" AFTER DELETE ON "company_okved_codes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "register_okved_groups_changed"();

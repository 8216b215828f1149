-- GIN operator classes for plain columns (btree_gin ships with PostgreSQL's contrib and with PGlite,
-- loaded in server/db/pglite-worker.ts): companies_search_idx holds the region and the OKVED codes
-- beside the words (ADR 075).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- COLLATE "C": byte order, so the lexemes that begin with a prefix are one range of the primary key.
CREATE TABLE "register_lexemes" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "okved_codes" text[];
--> statement-breakpoint
-- The mirror of company_okved_codes on the company's row: its codes in byte order, null when none.
-- Statement-level over the transition tables; a company whose codes are already mirrored (the
-- register's bulk load writes them in its COPY) is not written again.
CREATE FUNCTION "company_okved_codes_mirror"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE companies c SET okved_codes = m.codes
    FROM (SELECT k.company_id, nullif(array(SELECT o.okved_code FROM company_okved_codes o WHERE o.company_id = k.company_id
            ORDER BY o.okved_code COLLATE "C"), '{}') AS codes
          FROM (SELECT DISTINCT company_id FROM new_rows) k) m
    WHERE c.id = m.company_id AND c.okved_codes IS DISTINCT FROM m.codes;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE companies c SET okved_codes = m.codes
    FROM (SELECT k.company_id, nullif(array(SELECT o.okved_code FROM company_okved_codes o WHERE o.company_id = k.company_id
            ORDER BY o.okved_code COLLATE "C"), '{}') AS codes
          FROM (SELECT DISTINCT company_id FROM old_rows) k) m
    WHERE c.id = m.company_id AND c.okved_codes IS DISTINCT FROM m.codes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "company_okved_codes_mirror_insert" AFTER INSERT ON "company_okved_codes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_okved_codes_mirror"();
--> statement-breakpoint
CREATE TRIGGER "company_okved_codes_mirror_update" AFTER UPDATE ON "company_okved_codes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_okved_codes_mirror"();
--> statement-breakpoint
CREATE TRIGGER "company_okved_codes_mirror_delete" AFTER DELETE ON "company_okved_codes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_okved_codes_mirror"();
--> statement-breakpoint
-- The codes of the companies there are (5,000,000 register companies: minutes; docs/deploy.md §5).
UPDATE companies c SET okved_codes = m.codes
FROM (SELECT company_id, array_agg(okved_code ORDER BY okved_code COLLATE "C") AS codes FROM company_okved_codes GROUP BY 1) m
WHERE c.id = m.company_id;
--> statement-breakpoint
-- Rebuilt with the region and the codes: minutes at millions of companies, during which searches run without it.
DROP INDEX "companies_search_idx";
--> statement-breakpoint
CREATE INDEX "companies_search_idx" ON "companies" USING gin ("search_vector","region_code","okved_codes");

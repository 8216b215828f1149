-- GIN operator classes for plain columns (btree_gin ships with PostgreSQL's contrib and with PGlite,
-- loaded in server/db/pglite-worker.ts): companies_search_idx holds the region beside the words (ADR 075).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- COLLATE "C": byte order, so the lexemes that begin with a prefix are one range of the primary key.
CREATE TABLE "register_lexemes" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL
);
--> statement-breakpoint
-- Rebuilt: minutes at millions of companies (one GIN build; 5,000,000 companies took about 4 min on a
-- 2-core machine), during which searches run without the index.
DROP INDEX "companies_search_idx";--> statement-breakpoint
CREATE INDEX "companies_search_idx" ON "companies" USING gin ("search_vector","region_code");

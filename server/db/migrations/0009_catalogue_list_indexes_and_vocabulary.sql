CREATE TABLE "catalog_terms" (
	"lang" text NOT NULL,
	"term" text NOT NULL,
	"stem" text GENERATED ALWAYS AS ((tsvector_to_array(to_tsvector('russian'::regconfig, term)))[1]) STORED,
	"documents" integer NOT NULL,
	CONSTRAINT "catalog_terms_lang_term_pk" PRIMARY KEY("lang","term")
);
--> statement-breakpoint
DROP INDEX "companies_status_idx";--> statement-breakpoint
DROP INDEX "company_okved_codes_code_idx";--> statement-breakpoint
DROP INDEX "products_company_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_tnved_idx";--> statement-breakpoint
DROP INDEX "products_status_published_idx";--> statement-breakpoint
CREATE INDEX "catalog_terms_stem_idx" ON "catalog_terms" USING btree ("stem" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "catalog_terms_ru_knn_idx" ON "catalog_terms" USING gist ("term" gist_trgm_ops) WHERE lang = 'ru';--> statement-breakpoint
CREATE INDEX "catalog_terms_en_knn_idx" ON "catalog_terms" USING gist ("term" gist_trgm_ops) WHERE lang = 'en';--> statement-breakpoint
CREATE INDEX "companies_unpublished_idx" ON "companies" USING btree ("id") WHERE status <> 'published';--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_currency","price_from","id","company_id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "companies_status_idx" ON "companies" USING btree ("status","verification_level" DESC NULLS FIRST,"published_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "company_okved_codes_code_idx" ON "company_okved_codes" USING btree ("okved_code" text_pattern_ops,"company_id");--> statement-breakpoint
CREATE INDEX "products_company_idx" ON "products" USING btree ("company_id","status","category_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","published_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"company_id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_tnved_idx" ON "products" USING btree ("tnved_code" text_pattern_ops,"published_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"company_id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_status_published_idx" ON "products" USING btree ("status","published_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"company_id");--> statement-breakpoint
-- Vocabulary of catalogues that existed before this migration (server/catalog/vocabulary.ts refreshCatalogTerms does the same).
INSERT INTO "catalog_terms" ("lang", "term", "documents")
SELECT CASE WHEN word ~ '^[a-z]' THEN 'en' ELSE 'ru' END, word, ndoc FROM ts_stat($$
  select to_tsvector('simple', coalesce(name->>'ru', '') || ' ' || coalesce(name->>'en', '')) from products where status = 'published'
  union all select to_tsvector('simple', coalesce(name->>'ru', '') || ' ' || coalesce(name->>'en', '')) from companies where status = 'published'
  union all select to_tsvector('simple', coalesce(name->>'ru', '') || ' ' || coalesce(name->>'en', '')) from categories
  union all select to_tsvector('simple', coalesce(name->>'ru', '') || ' ' || coalesce(name->>'en', '')) from service_types$$)
WHERE word ~ '^([a-z]{3,}|[а-яё]{3,})$';
DROP INDEX "classifier_terms_trgm_idx";--> statement-breakpoint
CREATE INDEX "classifier_terms_trgm_gist_idx" ON "classifier_terms" USING gist ("term" gist_trgm_ops);
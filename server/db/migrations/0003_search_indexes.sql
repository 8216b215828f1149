CREATE TABLE "classifier_lexemes" (
	"classifier" text NOT NULL,
	"lexeme" text NOT NULL,
	CONSTRAINT "classifier_lexemes_classifier_lexeme_pk" PRIMARY KEY("classifier","lexeme")
);
--> statement-breakpoint
DROP INDEX "classifier_terms_trgm_gist_idx";--> statement-breakpoint
CREATE INDEX "classifier_lexemes_prefix_idx" ON "classifier_lexemes" USING btree ("classifier","lexeme" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "classifier_terms_okved_knn_idx" ON "classifier_terms" USING gist ("term" gist_trgm_ops) WHERE classifier = 'okved';--> statement-breakpoint
CREATE INDEX "classifier_terms_tnved_knn_idx" ON "classifier_terms" USING gist ("term" gist_trgm_ops) WHERE classifier = 'tnved';--> statement-breakpoint
CREATE INDEX "okved_codes_zh_idx" ON "okved_codes" USING btree ("code") WHERE name_zh is not null;--> statement-breakpoint
CREATE INDEX "tnved_codes_zh_idx" ON "tnved_codes" USING btree ("code") WHERE name_zh is not null;
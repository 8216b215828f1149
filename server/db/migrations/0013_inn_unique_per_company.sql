ALTER TABLE "legal_entities" DROP CONSTRAINT "legal_entities_inn_unique";--> statement-breakpoint
DROP INDEX "legal_entities_company_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "legal_entities_company_inn_key" ON "legal_entities" USING btree ("company_id","inn");--> statement-breakpoint
CREATE INDEX "legal_entities_inn_idx" ON "legal_entities" USING btree ("inn");
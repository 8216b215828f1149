ALTER TABLE "rfq_matches" ADD COLUMN "notified_via" text;--> statement-breakpoint
ALTER TABLE "rfq_matches" ADD COLUMN "held_back" text;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "awarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "award_job_id" text;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "award_notified_at" timestamp with time zone;--> statement-breakpoint
-- Before this migration every match was marked notified, told or not (usability review #3): nobody
-- can say which were, so none counts as told; a later run of the matching job tells them for real.
UPDATE "rfq_matches" SET "notified_at" = NULL WHERE "notified_via" IS NULL;

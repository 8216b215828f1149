ALTER TABLE "refresh_tokens" ALTER COLUMN "fingerprint_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "device_hash" text DEFAULT '' NOT NULL;
CREATE TABLE "order_dispute_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"dispute_id" integer NOT NULL,
	"side" text,
	"author_user_id" integer,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"proposal" jsonb,
	"proposal_state" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"stage" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"opened_by_side" text NOT NULL,
	"opened_by_user_id" integer,
	"resolution" jsonb,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"stage" text NOT NULL,
	"kind" text NOT NULL,
	"file_id" integer NOT NULL,
	"side" text NOT NULL,
	"uploaded_by_user_id" integer,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_reminders" (
	"order_id" integer NOT NULL,
	"stage" text NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_reminders_order_id_stage_pk" PRIMARY KEY("order_id","stage")
);
--> statement-breakpoint
-- Files attached to stage marks before this migration become the stage's documents (kind "other"),
-- owned by the stage's side (contract/orders.ts STAGE_OWNER), uploaded by who marked the stage.
INSERT INTO "order_documents" ("order_id", "stage", "kind", "file_id", "side", "uploaded_by_user_id", "uploaded_by_name", "created_at")
SELECT s."order_id", s."stage", 'other', f."file_id",
       CASE WHEN s."stage" IN ('prepayment_sent', 'inspected', 'arrived', 'customs_cleared', 'accepted') THEN 'buyer' ELSE 'supplier' END,
       s."marked_by_user_id",
       coalesce(nullif(trim(concat_ws(' ', u."first_name", u."last_name")), ''), ''),
       coalesce(s."marked_at", s."created_at")
  FROM "order_stage_files" f
  JOIN "order_stages" s ON s."id" = f."stage_id"
  LEFT JOIN "users" u ON u."id" = s."marked_by_user_id"
 ORDER BY s."id", f."position";--> statement-breakpoint
DROP TABLE "order_stage_files" CASCADE;--> statement-breakpoint
ALTER TABLE "order_dispute_messages" ADD CONSTRAINT "order_dispute_messages_dispute_id_order_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."order_disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_dispute_messages" ADD CONSTRAINT "order_dispute_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_disputes" ADD CONSTRAINT "order_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_disputes" ADD CONSTRAINT "order_disputes_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reminders" ADD CONSTRAINT "order_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_dispute_messages_dispute_idx" ON "order_dispute_messages" USING btree ("dispute_id","id");--> statement-breakpoint
CREATE INDEX "order_dispute_messages_files_idx" ON "order_dispute_messages" USING gin ("file_ids" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "order_disputes_order_idx" ON "order_disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_disputes_state_idx" ON "order_disputes" USING btree ("state","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "order_disputes_open_key" ON "order_disputes" USING btree ("order_id","stage") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "order_documents_order_idx" ON "order_documents" USING btree ("order_id","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_file_key" ON "order_documents" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "order_stages" DROP COLUMN "reminded_at";
CREATE TABLE "content_translations" (
	"entity_kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"field" text NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"source_hash" text NOT NULL,
	"text" text NOT NULL,
	"origin" text NOT NULL,
	"provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_translations_entity_kind_entity_id_field_target_lang_pk" PRIMARY KEY("entity_kind","entity_id","field","target_lang")
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"author_user_id" integer,
	"author_company_id" integer,
	"side" text NOT NULL,
	"body" text NOT NULL,
	"lang" text NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"buyer_company_id" integer,
	"supplier_company_id" integer NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" numeric(14, 3),
	"unit" text,
	"below_moq" boolean DEFAULT false NOT NULL,
	"target_price" numeric(14, 2),
	"currency" text,
	"incoterm" text,
	"destination_country" text,
	"destination_city" text,
	"wanted_by" date,
	"status" text DEFAULT 'new' NOT NULL,
	"buyer_read_at" timestamp with time zone,
	"supplier_read_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_reply_at" timestamp with time zone,
	"supplier_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"date" date NOT NULL,
	"currency" text NOT NULL,
	"nominal" integer NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_date_pk" PRIMARY KEY("currency","date")
);
--> statement-breakpoint
CREATE TABLE "inquiry_drafts" (
	"token" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"reporter_user_id" integer,
	"reason" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_translations" (
	"message_id" integer NOT NULL,
	"target_lang" text NOT NULL,
	"source_lang" text NOT NULL,
	"text" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_translations_message_id_target_lang_pk" PRIMARY KEY("message_id","target_lang")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email_mode" text DEFAULT 'instant' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list_run_changes" (
	"run_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"previous" jsonb,
	CONSTRAINT "price_list_run_changes_run_id_product_id_pk" PRIMARY KEY("run_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"file_id" integer,
	"original_name" text,
	"format" text NOT NULL,
	"reading" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lang" text DEFAULT 'ru' NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"invalid_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"to_process" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_files" (
	"quote_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_files_quote_id_file_id_pk" PRIMARY KEY("quote_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfq_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"author_user_id" integer,
	"tiers" jsonb NOT NULL,
	"price_from" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"moq" numeric(14, 3) NOT NULL,
	"lead_time_days" integer NOT NULL,
	"incoterms" text NOT NULL,
	"incoterms_place" text NOT NULL,
	"valid_until" date NOT NULL,
	"comment" text,
	"lang" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"shortlisted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfq_files" (
	"rfq_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rfq_files_rfq_id_file_id_pk" PRIMARY KEY("rfq_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "rfq_invitations" (
	"rfq_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "rfq_invitations_rfq_id_company_id_pk" PRIMARY KEY("rfq_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "rfq_matches" (
	"rfq_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"reason" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfq_matches_rfq_id_company_id_pk" PRIMARY KEY("rfq_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "rfqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"buyer_company_id" integer,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"lang" text NOT NULL,
	"tnved_code" text,
	"tnved_heading" text,
	"category_id" integer,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"target_price" numeric(14, 2),
	"currency" text,
	"incoterms" text NOT NULL,
	"destination_country" text NOT NULL,
	"destination_city" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"visibility" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"moderation_note" text,
	"moderation_note_lang" text,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"awarded_quote_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_rates" (
	"code" text PRIMARY KEY NOT NULL,
	"rate_text" text NOT NULL,
	"rate_type" text NOT NULL,
	"ad_valorem_pct" numeric(6, 3),
	"specific_amount" numeric(12, 4),
	"specific_currency" text,
	"specific_per" numeric(12, 3),
	"specific_unit" text,
	"combination" text,
	"footnote" text,
	"add_unit" text,
	"source_pdf" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_author_company_id_companies_id_fk" FOREIGN KEY ("author_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_message_id_conversation_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."conversation_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_translations" ADD CONSTRAINT "message_translations_message_id_conversation_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."conversation_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_run_changes" ADD CONSTRAINT "price_list_run_changes_run_id_price_list_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."price_list_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_runs" ADD CONSTRAINT "price_list_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_runs" ADD CONSTRAINT "price_list_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_runs" ADD CONSTRAINT "price_list_runs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_files" ADD CONSTRAINT "quote_files_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_files" ADD CONSTRAINT "quote_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_files" ADD CONSTRAINT "rfq_files_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_files" ADD CONSTRAINT "rfq_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_invitations" ADD CONSTRAINT "rfq_invitations_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_invitations" ADD CONSTRAINT "rfq_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_matches" ADD CONSTRAINT "rfq_matches_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_matches" ADD CONSTRAINT "rfq_matches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_conversation_idx" ON "conversation_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_messages_author_idx" ON "conversation_messages" USING btree ("author_user_id","created_at");--> statement-breakpoint
CREATE INDEX "conversations_buyer_idx" ON "conversations" USING btree ("buyer_user_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_supplier_idx" ON "conversations" USING btree ("supplier_company_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_supplier_created_idx" ON "conversations" USING btree ("supplier_company_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_rates_date_idx" ON "exchange_rates" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_once_key" ON "message_reports" USING btree ("message_id","reporter_user_id");--> statement-breakpoint
CREATE INDEX "message_reports_open_idx" ON "message_reports" USING btree ("resolved_at","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("user_id") WHERE emailed_at is null;--> statement-breakpoint
CREATE INDEX "price_list_runs_company_idx" ON "price_list_runs" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_rfq_company_key" ON "quotes" USING btree ("rfq_id","company_id");--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rfq_invitations_company_idx" ON "rfq_invitations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "rfq_matches_company_idx" ON "rfq_matches" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rfqs_buyer_idx" ON "rfqs" USING btree ("buyer_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rfqs_public_idx" ON "rfqs" USING btree ("opened_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE visibility = 'public' and status = 'open';--> statement-breakpoint
CREATE INDEX "rfqs_review_idx" ON "rfqs" USING btree ("updated_at","id") WHERE status = 'moderation';--> statement-breakpoint
CREATE INDEX "rfqs_deadline_idx" ON "rfqs" USING btree ("deadline") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_sku_idx" ON "products" USING btree ("company_id","sku") WHERE sku is not null;
CREATE TABLE "onec_file_chunks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onec_file_chunks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onec_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"price_list_run_id" integer,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure" text,
	"failure_details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onec_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number_1c" text,
	"date_1c" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"posted" boolean,
	"status" text,
	"requisites" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onec_products" (
	"company_id" integer NOT NULL,
	"onec_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"unit" text,
	"quantity" numeric(16, 3),
	"stock" jsonb,
	"hidden_at" timestamp with time zone,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onec_products_company_id_onec_id_pk" PRIMARY KEY("company_id","onec_id")
);
--> statement-breakpoint
CREATE TABLE "onec_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"sessid" text NOT NULL,
	"type" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"api_key_id" integer NOT NULL,
	"version" text,
	"query_at" timestamp with time zone,
	"query_order_ids" integer[],
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onec_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"price_type_id" text,
	"group_categories" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warehouses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"orders_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onec_file_chunks" ADD CONSTRAINT "onec_file_chunks_session_id_onec_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."onec_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_imports" ADD CONSTRAINT "onec_imports_session_id_onec_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."onec_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_imports" ADD CONSTRAINT "onec_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_imports" ADD CONSTRAINT "onec_imports_price_list_run_id_price_list_runs_id_fk" FOREIGN KEY ("price_list_run_id") REFERENCES "public"."price_list_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_orders" ADD CONSTRAINT "onec_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_orders" ADD CONSTRAINT "onec_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_products" ADD CONSTRAINT "onec_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_products" ADD CONSTRAINT "onec_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_sessions" ADD CONSTRAINT "onec_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_sessions" ADD CONSTRAINT "onec_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_sessions" ADD CONSTRAINT "onec_sessions_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_settings" ADD CONSTRAINT "onec_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onec_file_chunks_session_idx" ON "onec_file_chunks" USING btree ("session_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "onec_imports_session_file_key" ON "onec_imports" USING btree ("session_id","file_name");--> statement-breakpoint
CREATE INDEX "onec_imports_company_idx" ON "onec_imports" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "onec_products_product_key" ON "onec_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "onec_sessions_token_key" ON "onec_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "onec_sessions_expires_idx" ON "onec_sessions" USING btree ("expires_at");
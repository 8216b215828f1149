CREATE TABLE "banks" (
	"reg_number" text PRIMARY KEY NOT NULL,
	"ogrn" text,
	"name" text NOT NULL,
	"opf" text,
	"org_type" text,
	"registration_date" date,
	"licence_status" text NOT NULL,
	"licence_status_text" text DEFAULT '' NOT NULL,
	"address" text,
	"source_file" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"route_id" integer,
	"payer_company_id" integer NOT NULL,
	"payee_company_id" integer NOT NULL,
	"stage" text NOT NULL,
	"outcome" text NOT NULL,
	"days" smallint,
	"bank_reason" text,
	"fees_amount" numeric(14, 2),
	"fees_currency" text,
	"route_kind" text NOT NULL,
	"currency" text NOT NULL,
	"bank_reg_number" text,
	"swift_bic" text,
	"foreign_bank_name" text,
	"agent_name" text,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"bank_reg_number" text,
	"foreign_bank_name" text,
	"swift_bic" text,
	"agent_name" text,
	"fee_percent" numeric(5, 2),
	"fee_fixed" numeric(12, 2),
	"fee_currency" text,
	"fee_note" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_outcomes" ADD CONSTRAINT "payment_outcomes_route_id_payment_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."payment_routes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_outcomes" ADD CONSTRAINT "payment_outcomes_payer_company_id_companies_id_fk" FOREIGN KEY ("payer_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_outcomes" ADD CONSTRAINT "payment_outcomes_payee_company_id_companies_id_fk" FOREIGN KEY ("payee_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_outcomes" ADD CONSTRAINT "payment_outcomes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_routes" ADD CONSTRAINT "payment_routes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_routes" ADD CONSTRAINT "payment_routes_bank_reg_number_banks_reg_number_fk" FOREIGN KEY ("bank_reg_number") REFERENCES "public"."banks"("reg_number") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banks_licence_idx" ON "banks" USING btree ("licence_status","name");--> statement-breakpoint
CREATE INDEX "payment_outcomes_route_idx" ON "payment_outcomes" USING btree ("route_id","recorded_at");--> statement-breakpoint
CREATE INDEX "payment_outcomes_recorded_idx" ON "payment_outcomes" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "payment_outcomes_order_idx" ON "payment_outcomes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_routes_company_idx" ON "payment_routes" USING btree ("company_id","id");
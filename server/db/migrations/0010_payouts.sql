CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"started_by" uuid,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"payment_method" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"account_number_sealed" text,
	"routing_number_sealed" text,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"auto_payout" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_currency_check" CHECK ("payout_settings"."currency" in ('usd')),
	CONSTRAINT "payout_settings_status_check" CHECK ("payout_settings"."status" in ('active', 'pending', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "payout_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"ledger_ref" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_transfers_amount_positive" CHECK ("payout_transfers"."amount_cents" > 0),
	CONSTRAINT "payout_transfers_currency_check" CHECK ("payout_transfers"."currency" in ('eur', 'usd')),
	CONSTRAINT "payout_transfers_status_check" CHECK ("payout_transfers"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_idempotency_key_idx" ON "payout_runs" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payout_runs_created_idx" ON "payout_runs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_settings_due_idx" ON "payout_settings" USING btree ("status","auto_payout");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_run_creator_currency_idx" ON "payout_transfers" USING btree ("run_id","creator_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_ledger_ref_idx" ON "payout_transfers" USING btree ("ledger_ref");
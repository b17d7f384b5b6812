CREATE TABLE "earnings_months" (
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"shard" smallint NOT NULL,
	"net_cents" bigint NOT NULL,
	CONSTRAINT "earnings_months_user_id_currency_month_shard_pk" PRIMARY KEY("user_id","currency","month","shard"),
	CONSTRAINT "earnings_months_currency_check" CHECK ("earnings_months"."currency" in ('eur', 'usd'))
);
--> statement-breakpoint
ALTER TABLE "earnings_months" ADD CONSTRAINT "earnings_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The running totals of the credits booked so far (what earningsByCurrency summed before), each
-- month in its first shard.
INSERT INTO "earnings_months" ("user_id", "currency", "month", "shard", "net_cents")
SELECT "user_id", "currency", date_trunc('month', "created_at", 'UTC'), 0, sum("amount_cents")
FROM "ledger_entries"
WHERE "account" = 'earnings' AND "kind" IN ('sale', 'membership')
GROUP BY 1, 2, 3;

CREATE TABLE "payment_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payment_disputes_status_check" CHECK ("payment_disputes"."status" in ('open', 'won', 'lost')),
	CONSTRAINT "payment_disputes_currency_check" CHECK ("payment_disputes"."currency" in ('eur', 'usd'))
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"cause" text NOT NULL,
	"provider_ref" text NOT NULL,
	"request_key" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_cents" > 0),
	CONSTRAINT "payment_refunds_cause_check" CHECK ("payment_refunds"."cause" in ('refund', 'dispute')),
	CONSTRAINT "payment_refunds_currency_check" CHECK ("payment_refunds"."currency" in ('eur', 'usd'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_type_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "buyer_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_transaction_id_ledger_entries_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_transaction_id_ledger_entries_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_transaction_idx" ON "payment_disputes" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_ref_idx" ON "payment_refunds" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_request_key_idx" ON "payment_refunds" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_transaction_idx" ON "payment_refunds" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_payment_intent_idx" ON "checkout_sessions" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payments_idx" ON "ledger_entries" USING btree ("user_id","id" DESC NULLS LAST) WHERE "ledger_entries"."account" = 'earnings' and "ledger_entries"."kind" in ('sale', 'membership');--> statement-breakpoint
CREATE INDEX "ledger_entries_buyer_idx" ON "ledger_entries" USING btree ("buyer_id","id" DESC NULLS LAST) WHERE "ledger_entries"."buyer_id" is not null;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_type_check" CHECK ("audit_events"."subject_type" in ('user', 'item', 'comment', 'media', 'checkout', 'payment', 'subscription', 'wallet', 'payout', 'payout_run', 'report', 'warning', 'conversation', 'message', 'mail', 'system'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('account.created', 'account.google_linked', 'account.signed_in', 'account.sign_in_failed', 'account.signed_out', 'account.updated', 'account.password_changed', 'account.sessions_ended', 'account.email_change_requested', 'account.email_changed', 'account.email_verified', 'account.email_taken_back', 'account.password_reset_requested', 'account.password_reset', 'account.deleted', 'user.role_changed', 'user.activation_changed', 'user.warned', 'user.warning_acknowledged', 'user.suspended', 'user.reactivated', 'user.blocked', 'user.unblocked', 'profile.updated', 'profile.visited', 'item.created', 'item.updated', 'item.published', 'item.unpublished', 'item.deleted', 'item.hidden', 'item.unhidden', 'item.liked', 'item.unliked', 'item.visited', 'comment.added', 'media.uploaded', 'follow.created', 'follow.removed', 'checkout.created', 'checkout.fulfilled', 'checkout.amount_mismatch', 'checkout.expired', 'sale.recorded', 'sale.refunded_to_balance', 'payment.refunded', 'payment.disputed', 'wallet.topped_up', 'membership.started', 'membership.renewed', 'membership.payment_failed', 'membership.canceled', 'membership.ended', 'membership.synced', 'payout.updated', 'payout.run_booked', 'payout.transfer_failed', 'payout.key_rotated', 'report.created', 'report.resolved', 'message.created', 'message.read', 'mail.queued', 'mail.failed', 'system.demo_seeded'));--> statement-breakpoint
-- Who paid, for the payments booked before the column: a card checkout's payer, a balance sale's (its ref names them), a membership's fan.
UPDATE "ledger_entries" e SET "buyer_id" = cs."user_id" FROM "checkout_sessions" cs WHERE e."account" = 'earnings' AND e."kind" IN ('sale', 'membership') AND e."checkout_session_id" = cs."id";--> statement-breakpoint
UPDATE "ledger_entries" e SET "buyer_id" = u."id" FROM "users" u WHERE e."account" = 'earnings' AND e."kind" = 'sale' AND e."buyer_id" IS NULL AND e."ref" LIKE 'sale:balance:%' AND u."id"::text = split_part(e."ref", ':', 3);--> statement-breakpoint
UPDATE "ledger_entries" e SET "buyer_id" = s."user_id" FROM "subscriptions" s WHERE e."account" = 'earnings' AND e."kind" = 'membership' AND e."buyer_id" IS NULL AND e."subscription_id" = s."id";

CREATE TABLE "tips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fan_id" uuid,
	"creator_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"message" text,
	"show_publicly" boolean NOT NULL,
	"via" text NOT NULL,
	"ref" text NOT NULL,
	"checkout_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_positive" CHECK ("tips"."amount_cents" > 0),
	CONSTRAINT "tips_currency_check" CHECK ("tips"."currency" in ('eur', 'usd')),
	CONSTRAINT "tips_via_check" CHECK ("tips"."via" in ('card', 'balance')),
	CONSTRAINT "tips_message_length" CHECK (char_length("tips"."message") <= 280)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "tip_message" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "tip_public" boolean;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tips_ref_idx" ON "tips" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "tips_creator_idx" ON "tips" USING btree ("creator_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tips_creator_public_idx" ON "tips" USING btree ("creator_id","id" DESC NULLS LAST) WHERE "tips"."show_publicly";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('account.created', 'account.google_linked', 'account.signed_in', 'account.sign_in_failed', 'account.signed_out', 'account.updated', 'account.password_changed', 'account.sessions_ended', 'account.email_change_requested', 'account.email_changed', 'account.email_verified', 'account.email_taken_back', 'account.password_reset_requested', 'account.password_reset', 'account.deleted', 'user.role_changed', 'user.activation_changed', 'user.warned', 'user.warning_acknowledged', 'user.suspended', 'user.reactivated', 'user.blocked', 'user.unblocked', 'profile.updated', 'profile.visited', 'item.created', 'item.updated', 'item.published', 'item.unpublished', 'item.deleted', 'item.hidden', 'item.unhidden', 'item.liked', 'item.unliked', 'item.visited', 'comment.added', 'media.uploaded', 'follow.created', 'follow.removed', 'checkout.created', 'checkout.fulfilled', 'checkout.amount_mismatch', 'checkout.expired', 'discount.created', 'discount.deleted', 'sale.recorded', 'tip.received', 'sale.refunded_to_balance', 'payment.refunded', 'payment.disputed', 'wallet.topped_up', 'membership.started', 'membership.renewed', 'membership.payment_failed', 'membership.canceled', 'membership.ended', 'membership.paused', 'membership.resumed', 'membership.synced', 'membership.comp_granted', 'members.import_queued', 'members.imported', 'members.import_failed', 'members.invitation_accepted', 'payout.updated', 'payout.run_booked', 'payout.transfer_failed', 'payout.key_rotated', 'report.created', 'report.resolved', 'message.created', 'message.read', 'mail.queued', 'mail.failed', 'feed.link_rotated', 'newsletter.queued', 'newsletter.fanned_out', 'newsletter.update_posted', 'system.demo_seeded'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_kind_check" CHECK ("checkout_sessions"."kind" in ('item', 'subscription', 'topup', 'tip'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('topup', 'spend', 'refund', 'sale', 'membership', 'payout', 'tip'));
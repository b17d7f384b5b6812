CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"giver_id" uuid NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"creator_id" uuid NOT NULL,
	"item_id" bigint,
	"tier" text,
	"months" smallint,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_ref" text NOT NULL,
	"send_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"redeemed_by" uuid,
	"redeemed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_amount_positive" CHECK ("gifts"."amount_cents" > 0),
	CONSTRAINT "gifts_currency_check" CHECK ("gifts"."currency" in ('eur', 'usd')),
	CONSTRAINT "gifts_tier_check" CHECK ("gifts"."tier" in ('Hypr', 'HyprSoul')),
	CONSTRAINT "gifts_months_check" CHECK ("gifts"."months" is null or "gifts"."months" in (1, 3, 12)),
	CONSTRAINT "gifts_message_length" CHECK (char_length("gifts"."message") <= 500),
	CONSTRAINT "gifts_what_check" CHECK (("gifts"."tier" is null and "gifts"."months" is null) or ("gifts"."tier" is not null and "gifts"."months" is not null))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_type_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_kind_check";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "gift" jsonb;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_code_idx" ON "gifts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_checkout_idx" ON "gifts" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "gifts_giver_idx" ON "gifts" USING btree ("giver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_type_check" CHECK ("audit_events"."subject_type" in ('user', 'item', 'comment', 'media', 'checkout', 'payment', 'subscription', 'wallet', 'payout', 'payout_run', 'discount', 'gift', 'report', 'warning', 'conversation', 'message', 'mail', 'system'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('account.created', 'account.google_linked', 'account.signed_in', 'account.sign_in_failed', 'account.signed_out', 'account.updated', 'account.password_changed', 'account.sessions_ended', 'account.email_change_requested', 'account.email_changed', 'account.email_verified', 'account.email_taken_back', 'account.password_reset_requested', 'account.password_reset', 'account.deleted', 'user.role_changed', 'user.activation_changed', 'user.warned', 'user.warning_acknowledged', 'user.suspended', 'user.reactivated', 'user.blocked', 'user.unblocked', 'profile.updated', 'profile.visited', 'item.created', 'item.updated', 'item.published', 'item.unpublished', 'item.deleted', 'item.hidden', 'item.unhidden', 'item.liked', 'item.unliked', 'item.visited', 'comment.added', 'media.uploaded', 'follow.created', 'follow.removed', 'checkout.created', 'checkout.fulfilled', 'checkout.amount_mismatch', 'checkout.expired', 'discount.created', 'discount.deleted', 'sale.recorded', 'tip.received', 'sale.refunded_to_balance', 'gift.purchased', 'gift.resent', 'gift.redeemed', 'gift.refunded', 'payment.refunded', 'payment.disputed', 'wallet.topped_up', 'membership.started', 'membership.trials_set', 'membership.renewed', 'membership.payment_failed', 'membership.canceled', 'membership.ended', 'membership.paused', 'membership.resumed', 'membership.tier_changed', 'membership.synced', 'membership.comp_granted', 'members.import_queued', 'members.imported', 'members.import_failed', 'members.invitation_accepted', 'payout.updated', 'payout.run_booked', 'payout.transfer_failed', 'payout.key_rotated', 'report.created', 'report.resolved', 'message.created', 'message.read', 'mail.queued', 'mail.failed', 'feed.link_rotated', 'newsletter.queued', 'newsletter.fanned_out', 'newsletter.update_posted', 'system.demo_seeded'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_kind_check" CHECK ("checkout_sessions"."kind" in ('item', 'subscription', 'topup', 'tip', 'gift'));
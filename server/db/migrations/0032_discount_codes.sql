CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"code" text NOT NULL,
	"percent_off" smallint,
	"amount_off_cents" integer,
	"currency" text,
	"applies_to" jsonb NOT NULL,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"first_period_only" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_amount_check" CHECK (("discount_codes"."percent_off" between 1 and 100 and "discount_codes"."amount_off_cents" is null and "discount_codes"."currency" is null) or ("discount_codes"."percent_off" is null and "discount_codes"."amount_off_cents" > 0 and "discount_codes"."currency" is not null)),
	CONSTRAINT "discount_codes_currency_check" CHECK ("discount_codes"."currency" in ('eur', 'usd')),
	CONSTRAINT "discount_codes_redemptions_check" CHECK ("discount_codes"."redemptions" >= 0 and ("discount_codes"."max_redemptions" is null or "discount_codes"."redemptions" <= "discount_codes"."max_redemptions"))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_type_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "discount_cents" integer;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "discount_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_creator_code_idx" ON "discount_codes" USING btree ("creator_id","code");--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_type_check" CHECK ("audit_events"."subject_type" in ('user', 'item', 'comment', 'media', 'checkout', 'payment', 'subscription', 'wallet', 'payout', 'payout_run', 'discount', 'report', 'warning', 'conversation', 'message', 'mail', 'system'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('account.created', 'account.google_linked', 'account.signed_in', 'account.sign_in_failed', 'account.signed_out', 'account.updated', 'account.password_changed', 'account.sessions_ended', 'account.email_change_requested', 'account.email_changed', 'account.email_verified', 'account.email_taken_back', 'account.password_reset_requested', 'account.password_reset', 'account.deleted', 'user.role_changed', 'user.activation_changed', 'user.warned', 'user.warning_acknowledged', 'user.suspended', 'user.reactivated', 'user.blocked', 'user.unblocked', 'profile.updated', 'profile.visited', 'item.created', 'item.updated', 'item.published', 'item.unpublished', 'item.deleted', 'item.hidden', 'item.unhidden', 'item.liked', 'item.unliked', 'item.visited', 'comment.added', 'media.uploaded', 'follow.created', 'follow.removed', 'checkout.created', 'checkout.fulfilled', 'checkout.amount_mismatch', 'checkout.expired', 'discount.created', 'discount.deleted', 'sale.recorded', 'sale.refunded_to_balance', 'payment.refunded', 'payment.disputed', 'wallet.topped_up', 'membership.started', 'membership.renewed', 'membership.payment_failed', 'membership.canceled', 'membership.ended', 'membership.synced', 'membership.comp_granted', 'members.import_queued', 'members.imported', 'members.import_failed', 'members.invitation_accepted', 'payout.updated', 'payout.run_booked', 'payout.transfer_failed', 'payout.key_rotated', 'report.created', 'report.resolved', 'message.created', 'message.read', 'mail.queued', 'mail.failed', 'feed.link_rotated', 'newsletter.queued', 'newsletter.fanned_out', 'newsletter.update_posted', 'system.demo_seeded'));
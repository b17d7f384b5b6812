CREATE TABLE "membership_plan_prices" (
	"creator_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"yearly_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plan_prices_creator_id_tier_pk" PRIMARY KEY("creator_id","tier"),
	CONSTRAINT "membership_plan_prices_yearly_check" CHECK ("membership_plan_prices"."yearly_cents" > 0),
	CONSTRAINT "membership_plan_prices_tier_check" CHECK ("membership_plan_prices"."tier" in ('Hypr', 'HyprSoul'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "interval" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "period_price_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_plan_prices" ADD CONSTRAINT "membership_plan_prices_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('account.created', 'account.google_linked', 'account.signed_in', 'account.sign_in_failed', 'account.signed_out', 'account.updated', 'account.password_changed', 'account.sessions_ended', 'account.email_change_requested', 'account.email_changed', 'account.email_verified', 'account.email_taken_back', 'account.password_reset_requested', 'account.password_reset', 'account.deleted', 'user.role_changed', 'user.activation_changed', 'user.warned', 'user.warning_acknowledged', 'user.suspended', 'user.reactivated', 'user.blocked', 'user.unblocked', 'profile.updated', 'profile.visited', 'item.created', 'item.updated', 'item.published', 'item.unpublished', 'item.deleted', 'item.hidden', 'item.unhidden', 'item.liked', 'item.unliked', 'item.visited', 'comment.added', 'media.uploaded', 'follow.created', 'follow.removed', 'checkout.created', 'checkout.fulfilled', 'checkout.amount_mismatch', 'checkout.expired', 'discount.created', 'discount.deleted', 'sale.recorded', 'tip.received', 'sale.refunded_to_balance', 'gift.purchased', 'gift.resent', 'gift.redeemed', 'gift.refunded', 'payment.refunded', 'payment.disputed', 'wallet.topped_up', 'membership.started', 'membership.trials_set', 'membership.plans_set', 'membership.renewed', 'membership.payment_failed', 'membership.canceled', 'membership.ended', 'membership.paused', 'membership.resumed', 'membership.tier_changed', 'membership.synced', 'membership.comp_granted', 'members.import_queued', 'members.imported', 'members.import_failed', 'members.invitation_accepted', 'payout.updated', 'payout.run_booked', 'payout.transfer_failed', 'payout.key_rotated', 'report.created', 'report.resolved', 'message.created', 'message.read', 'mail.queued', 'mail.failed', 'feed.link_rotated', 'newsletter.queued', 'newsletter.fanned_out', 'newsletter.update_posted', 'system.demo_seeded'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_interval_check" CHECK ("checkout_sessions"."interval" in ('month', 'year'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_interval_check" CHECK ("subscriptions"."interval" in ('month', 'year'));
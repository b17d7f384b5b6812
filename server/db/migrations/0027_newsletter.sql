CREATE TABLE "creator_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_preferences" (
	"user_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"new_items" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newsletter_preferences_user_id_creator_id_pk" PRIMARY KEY("user_id","creator_id"),
	CONSTRAINT "newsletter_preferences_new_items_check" CHECK ("newsletter_preferences"."new_items" in ('off', 'instant', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"item_id" bigint,
	"creator_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"via" text NOT NULL,
	"access" text NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"weekly_key" text,
	"sent_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	CONSTRAINT "newsletter_sends_via_check" CHECK ("newsletter_sends"."via" in ('instant', 'weekly')),
	CONSTRAINT "newsletter_sends_access_check" CHECK ("newsletter_sends"."access" in ('open', 'member', 'locked'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "creator_updates" ADD CONSTRAINT "creator_updates_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_preferences" ADD CONSTRAINT "newsletter_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_preferences" ADD CONSTRAINT "newsletter_preferences_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_updates_creator_idx" ON "creator_updates" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_sends_source_recipient_idx" ON "newsletter_sends" USING btree ("source","recipient_id");--> statement-breakpoint
CREATE INDEX "newsletter_sends_item_idx" ON "newsletter_sends" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "newsletter_sends_weekly_idx" ON "newsletter_sends" USING btree ("recipient_id","creator_id") WHERE "newsletter_sends"."via" = 'weekly' and "newsletter_sends"."weekly_key" is null;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('account.created', 'account.google_linked', 'account.signed_in', 'account.sign_in_failed', 'account.signed_out', 'account.updated', 'account.password_changed', 'account.sessions_ended', 'account.email_change_requested', 'account.email_changed', 'account.email_verified', 'account.email_taken_back', 'account.password_reset_requested', 'account.password_reset', 'account.deleted', 'user.role_changed', 'user.activation_changed', 'user.warned', 'user.warning_acknowledged', 'user.suspended', 'user.reactivated', 'user.blocked', 'user.unblocked', 'profile.updated', 'profile.visited', 'item.created', 'item.updated', 'item.published', 'item.unpublished', 'item.deleted', 'item.hidden', 'item.unhidden', 'item.liked', 'item.unliked', 'item.visited', 'comment.added', 'media.uploaded', 'follow.created', 'follow.removed', 'checkout.created', 'checkout.fulfilled', 'checkout.amount_mismatch', 'checkout.expired', 'sale.recorded', 'sale.refunded_to_balance', 'payment.refunded', 'payment.disputed', 'wallet.topped_up', 'membership.started', 'membership.renewed', 'membership.payment_failed', 'membership.canceled', 'membership.ended', 'membership.synced', 'payout.updated', 'payout.run_booked', 'payout.transfer_failed', 'payout.key_rotated', 'report.created', 'report.resolved', 'message.created', 'message.read', 'mail.queued', 'mail.failed', 'feed.link_rotated', 'newsletter.queued', 'newsletter.fanned_out', 'newsletter.update_posted', 'system.demo_seeded'));
ALTER TABLE "items" DROP CONSTRAINT "items_status_check";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "items_publish_at_idx" ON "items" USING btree ("publish_at") WHERE "items"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_publish_at_check" CHECK (("items"."status" = 'scheduled') = ("items"."publish_at" is not null));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_status_check" CHECK ("items"."status" in ('available', 'unavailable', 'scheduled', 'deleted'));
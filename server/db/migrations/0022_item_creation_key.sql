ALTER TABLE "items" ADD COLUMN "creation_key" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "creation_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "items_creation_key_idx" ON "items" USING btree ("creator_id","creation_key") WHERE "items"."creation_key" is not null;
CREATE TABLE "entitlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" bigint,
	"creator_id" uuid,
	"tier" text,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"image_key" text,
	"image_preview_key" text,
	"audio_key" text,
	"video_key" text,
	"status" text DEFAULT 'available' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text NOT NULL,
	"subcategory" text NOT NULL,
	"explicit_content" boolean DEFAULT false NOT NULL,
	"tier_required" text DEFAULT 'Aura' NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"visitors_count" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_price_nonnegative" CHECK ("items"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_source_ref_idx" ON "entitlements" USING btree ("source_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_user_item_idx" ON "entitlements" USING btree ("user_id","item_id") WHERE "entitlements"."item_id" is not null;--> statement-breakpoint
CREATE INDEX "entitlements_user_creator_idx" ON "entitlements" USING btree ("user_id","creator_id");--> statement-breakpoint
CREATE INDEX "items_feed_idx" ON "items" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "items_creator_idx" ON "items" USING btree ("creator_id","created_at" DESC NULLS LAST);
CREATE TABLE "creator_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"aura_status" text,
	"banner_image_key" text,
	"profile_size" integer DEFAULT 160 NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"promo_video_key" text,
	"promo_video_id" text,
	"gallery_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"aura_cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creator_world_description" text,
	"visitor_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_profiles_profile_size_check" CHECK ("creator_profiles"."profile_size" between 80 and 320),
	CONSTRAINT "creator_profiles_gallery_limit" CHECK (cardinality("creator_profiles"."gallery_keys") <= 10),
	CONSTRAINT "creator_profiles_one_promo_video" CHECK ("creator_profiles"."promo_video_key" is null or "creator_profiles"."promo_video_id" is null)
);
--> statement-breakpoint
CREATE TABLE "profile_visits" (
	"profile_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "profile_visits_profile_id_viewer_key_day_pk" PRIMARY KEY("profile_id","viewer_key","day")
);
--> statement-breakpoint
ALTER TABLE "creator_profiles" ADD CONSTRAINT "creator_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
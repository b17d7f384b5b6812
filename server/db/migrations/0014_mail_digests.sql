CREATE TABLE "mail_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_queued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_digests" ADD CONSTRAINT "mail_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
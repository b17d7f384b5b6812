CREATE TABLE "event_deliveries" (
	"user_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"outbox_id" bigint NOT NULL,
	CONSTRAINT "event_deliveries_user_id_seq_pk" PRIMARY KEY("user_id","seq")
);
--> statement-breakpoint
CREATE TABLE "event_sequences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "sequences" bigint[];
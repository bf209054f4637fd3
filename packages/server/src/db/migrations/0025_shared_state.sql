CREATE TABLE "push_streaks" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"times" bigint[] NOT NULL,
	"slowest" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "push_streaks_last_idx" ON "push_streaks" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "shared_limits_ends_idx" ON "shared_limits" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "mails_pending_idx" ON "mails" USING btree ("id") WHERE sent_at is null;
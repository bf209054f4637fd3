ALTER TABLE "refresh_tokens" ADD COLUMN "reissued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "superseded_at" timestamp with time zone;
ALTER TABLE "alarm_mutes" ADD COLUMN "sustained_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_mutes" ADD COLUMN "last_alarm_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_settings" ADD COLUMN "lift_mute_hours" integer DEFAULT 2 NOT NULL;
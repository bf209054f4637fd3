CREATE TABLE "alarm_mutes" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"muted_until" timestamp with time zone NOT NULL,
	"muted_by" integer,
	"muted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"monitor_minutes" integer NOT NULL,
	"consecutive" integer NOT NULL,
	"threshold_ms" integer NOT NULL,
	"notify_hours" integer NOT NULL,
	"grades" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"first_alarm_at" timestamp with time zone NOT NULL,
	"last_alarm_at" timestamp with time zone NOT NULL,
	"latency_ms" integer NOT NULL,
	"threshold_ms" integer NOT NULL,
	"count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_settings" ADD CONSTRAINT "alarm_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_alarms_account_idx" ON "push_alarms" USING btree ("account_id","last_alarm_at");--> statement-breakpoint
CREATE INDEX "push_alarms_device_idx" ON "push_alarms" USING btree ("device_id","last_alarm_at");--> statement-breakpoint
CREATE INDEX "push_alarms_last_idx" ON "push_alarms" USING btree ("last_alarm_at");
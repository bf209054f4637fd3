CREATE TABLE "pending_cancels" (
	"device_id" integer NOT NULL,
	"job_id" bigint NOT NULL,
	"msg_id" uuid NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pending_cancels_device_id_job_id_pk" PRIMARY KEY("device_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "offline_alert_minutes" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_cancels" ADD CONSTRAINT "pending_cancels_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "gateway_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"subscribed_since" timestamp with time zone,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "jobs_unconfirmed_idx" ON "jobs" USING btree ("device_id","id") WHERE "jobs"."reason" = 'notConfirmed';
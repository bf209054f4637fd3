CREATE TABLE "cell_towers" (
	"mcc" integer NOT NULL,
	"mnc" integer NOT NULL,
	"lac" integer NOT NULL,
	"cid" bigint NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"range" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cell_towers_mcc_mnc_lac_cid_pk" PRIMARY KEY("mcc","mnc","lac","cid")
);
--> statement-breakpoint
CREATE TABLE "device_track" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"source" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fence_devices" (
	"fence_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"inside" boolean,
	"since" timestamp with time zone,
	CONSTRAINT "fence_devices_fence_id_device_id_pk" PRIMARY KEY("fence_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "fence_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"fence_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"alerted" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_fences" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"radius" double precision NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "location_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "location_source" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "located_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD CONSTRAINT "fence_devices_fence_id_geo_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."geo_fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD CONSTRAINT "fence_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_events" ADD CONSTRAINT "fence_events_fence_id_geo_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."geo_fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_fences" ADD CONSTRAINT "geo_fences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_track_device_idx" ON "device_track" USING btree ("device_id","last_at");--> statement-breakpoint
CREATE INDEX "device_track_last_idx" ON "device_track" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "fence_devices_device_idx" ON "fence_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "fence_events_account_idx" ON "fence_events" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "fence_events_fence_idx" ON "fence_events" USING btree ("fence_id","at");--> statement-breakpoint
CREATE INDEX "fence_events_at_idx" ON "fence_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "geo_fences_name_uq" ON "geo_fences" USING btree ("account_id","name");--> statement-breakpoint
-- positions stored before: they came from GNSS fixes, at the time of the telemetry that carried them
UPDATE "devices" SET "location_source" = 'gnss', "located_at" = coalesce("telemetry_at", "updated_at") WHERE "lat" IS NOT NULL AND "lng" IS NOT NULL;--> statement-breakpoint
-- accounts that chose some alert kinds also receive the new 'fence' kind (they chose among the kinds there were);
-- an account that turned every kind off stays so
UPDATE "accounts" SET "alert_kinds" = array_append("alert_kinds", 'fence')
 WHERE "alert_kinds" IS NOT NULL AND cardinality("alert_kinds") > 0 AND NOT ('fence' = ANY("alert_kinds"));

CREATE TABLE "ota_cohorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"source" text NOT NULL,
	"filter" jsonb,
	"device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firmware_packages" ADD COLUMN "min_language_pack_version" text;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "cohort_id" integer;--> statement-breakpoint
ALTER TABLE "resource_packages" ADD COLUMN "min_firmware_version" text;--> statement-breakpoint
ALTER TABLE "ota_cohorts" ADD CONSTRAINT "ota_cohorts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ota_cohorts_name_uq" ON "ota_cohorts" USING btree ("account_id","name");
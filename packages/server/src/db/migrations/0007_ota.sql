CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"size" bigint NOT NULL,
	"md5" text NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "firmware_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"app_name" text NOT NULL,
	"name" text NOT NULL,
	"version_name" text NOT NULL,
	"model_id" integer NOT NULL,
	"sign_algorithm" text NOT NULL,
	"package_type" text NOT NULL,
	"base_version" text,
	"min_upgrade_version" text,
	"file_id" integer NOT NULL,
	"remark" text,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_execution_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"execution_id" bigint NOT NULL,
	"task_id" integer NOT NULL,
	"attempt" smallint NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"message" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_executions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"message" text,
	"attempt" smallint DEFAULT 0 NOT NULL,
	"from_version" text,
	"offer_id" text,
	"progress" smallint,
	"offered_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"not_before" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ota_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"firmware_id" integer,
	"resource_id" integer,
	"from_version" text,
	"to_version" text NOT NULL,
	"language" text,
	"scope" text NOT NULL,
	"device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"retries" smallint NOT NULL,
	"timeout_minutes" integer NOT NULL,
	"pace" integer DEFAULT 0 NOT NULL,
	"creation_status" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"creation_note" text,
	"remark" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"msg_id" uuid,
	"ack_code" text,
	"message" text,
	"latency_ms" integer,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "push_results_msg_id_unique" UNIQUE("msg_id")
);
--> statement-breakpoint
CREATE TABLE "push_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"config" jsonb,
	"message" text,
	"resource_id" integer,
	"scope" text NOT NULL,
	"device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"ttl_hours" integer NOT NULL,
	"remark" text,
	"ended_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"language" text,
	"version" text NOT NULL,
	"file_count" integer NOT NULL,
	"clips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_id" integer NOT NULL,
	"remark" text,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_config_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_name" text NOT NULL,
	"update_type" text NOT NULL,
	"notes" text,
	"downloads" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"delist_reason" text,
	"file_id" integer NOT NULL,
	"listed_at" timestamp with time zone,
	"delisted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_config_versions_version_name_unique" UNIQUE("version_name")
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_packages" ADD CONSTRAINT "firmware_packages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_packages" ADD CONSTRAINT "firmware_packages_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_packages" ADD CONSTRAINT "firmware_packages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_execution_events" ADD CONSTRAINT "ota_execution_events_execution_id_ota_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."ota_executions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_executions" ADD CONSTRAINT "ota_executions_task_id_ota_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."ota_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_executions" ADD CONSTRAINT "ota_executions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_firmware_id_firmware_packages_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_resource_id_resource_packages_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_results" ADD CONSTRAINT "push_results_task_id_push_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."push_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_results" ADD CONSTRAINT "push_results_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD CONSTRAINT "push_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD CONSTRAINT "push_tasks_resource_id_resource_packages_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_packages" ADD CONSTRAINT "resource_packages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_packages" ADD CONSTRAINT "resource_packages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_config_versions" ADD CONSTRAINT "smart_config_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_account_idx" ON "files" USING btree ("account_id","purpose");--> statement-breakpoint
CREATE INDEX "firmware_packages_account_idx" ON "firmware_packages" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_packages_version_uq" ON "firmware_packages" USING btree ("model_id","app_name","version_name","package_type",coalesce("account_id", 0)) WHERE "firmware_packages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ota_execution_events_exec_idx" ON "ota_execution_events" USING btree ("execution_id","id");--> statement-breakpoint
CREATE INDEX "ota_execution_events_task_idx" ON "ota_execution_events" USING btree ("task_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_executions_task_device_uq" ON "ota_executions" USING btree ("task_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_executions_active_uq" ON "ota_executions" USING btree ("device_id","kind") WHERE "ota_executions"."state" in ('queued', 'offered', 'downloading', 'verifying', 'installing');--> statement-breakpoint
CREATE INDEX "ota_executions_task_state_idx" ON "ota_executions" USING btree ("task_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_executions_offer_uq" ON "ota_executions" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "ota_executions_deadline_idx" ON "ota_executions" USING btree ("deadline_at") WHERE "ota_executions"."state" in ('offered', 'downloading', 'verifying', 'installing');--> statement-breakpoint
CREATE INDEX "ota_tasks_account_idx" ON "ota_tasks" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ota_tasks_live_idx" ON "ota_tasks" USING btree ("creation_status") WHERE "ota_tasks"."creation_status" in (0, 1, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "push_results_task_device_uq" ON "push_results" USING btree ("task_id","device_id");--> statement-breakpoint
CREATE INDEX "push_results_pending_idx" ON "push_results" USING btree ("device_id") WHERE "push_results"."state" in ('pending', 'sent');--> statement-breakpoint
CREATE INDEX "push_tasks_account_idx" ON "push_tasks" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "push_tasks_live_idx" ON "push_tasks" USING btree ("status") WHERE "push_tasks"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "resource_packages_account_idx" ON "resource_packages" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_packages_version_uq" ON "resource_packages" USING btree ("name","version",coalesce("account_id", 0)) WHERE "resource_packages"."deleted_at" is null;
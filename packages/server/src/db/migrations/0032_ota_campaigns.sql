ALTER TABLE "ota_executions" ADD COLUMN "phase" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "phases" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "abort_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "current_phase" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "phase_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "halt" text;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "halt_reason" jsonb;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "offer_window" jsonb;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "criteria_since" timestamp with time zone;
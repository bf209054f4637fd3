ALTER TABLE "oper_logs" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "oper_logs" ADD COLUMN "description_params" jsonb;
ALTER TABLE "device_imports" ADD COLUMN "rows" jsonb;--> statement-breakpoint
ALTER TABLE "device_imports" ADD COLUMN "actor" jsonb;--> statement-breakpoint
ALTER TABLE "device_imports" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_imports" ADD COLUMN "claimed_by" text;--> statement-breakpoint
CREATE INDEX "device_imports_running_idx" ON "device_imports" USING btree ("claimed_at") WHERE status = 'running';
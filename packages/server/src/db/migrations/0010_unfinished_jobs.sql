-- Unfinished jobs are those without a finish time (see the jobs table in schema.ts). Rows stored
-- before this migration already agree; these two updates make sure, so the check below holds.
UPDATE "jobs" SET "finished_at" = coalesce("acked_at", "pushed_at", "requested_at") WHERE "status" >= 3 AND "finished_at" is null;--> statement-breakpoint
UPDATE "jobs" SET "finished_at" = null WHERE "status" < 3 AND "finished_at" is not null;--> statement-breakpoint
DROP INDEX "jobs_pending_idx";--> statement-breakpoint
DROP INDEX "jobs_expiry_idx";--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("device_id","id") WHERE "jobs"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_expiry_idx" ON "jobs" USING btree ("expire_at") WHERE "jobs"."finished_at" is null;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_finished_check" CHECK (("jobs"."status" < 3) = ("jobs"."finished_at" is null));--> statement-breakpoint
-- room in each page for a job's next row version: its publish and ack are then HOT updates (no
-- new index entries); drizzle has no table storage options, so this lives here only
ALTER TABLE "jobs" SET (fillfactor = 70);

DROP INDEX "publish_records_job_idx";--> statement-breakpoint
CREATE INDEX "publish_records_job_idx" ON "publish_records" USING btree ("job_id","published_at");
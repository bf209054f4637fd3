DROP INDEX "messages_notice_idx";--> statement-breakpoint
CREATE INDEX "messages_notice_read_idx" ON "messages" USING btree ("notice_id") WHERE "messages"."read_at" is not null;
ALTER TABLE "device_connections" ADD COLUMN "session" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "connection_id" bigint;--> statement-breakpoint
CREATE INDEX "device_connections_session_idx" ON "device_connections" USING btree ("device_id","session");
CREATE TABLE "device_job_stats" (
	"account_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"device_id" integer NOT NULL,
	"requested" integer DEFAULT 0 NOT NULL,
	"success" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_job_stats_account_id_day_device_id_pk" PRIMARY KEY("account_id","day","device_id")
);
--> statement-breakpoint
CREATE INDEX "device_job_stats_day_idx" ON "device_job_stats" USING btree ("day");--> statement-breakpoint
-- the jobs of the last 8 days stored before the counts existed, read account by account through
-- the jobs' (account, request time) index; the server counts from here on
INSERT INTO "device_job_stats" ("account_id", "day", "device_id", "requested", "success", "failed")
SELECT a.id, s.day, s.device_id, s.requested, s.success, s.failed
  FROM "accounts" a
 CROSS JOIN LATERAL (
       SELECT date_trunc('day', j.requested_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day, j.device_id,
              count(*)::int AS requested, (count(*) FILTER (WHERE j.status = 3))::int AS success,
              (count(*) FILTER (WHERE j.status IN (4, 5)))::int AS failed
         FROM "jobs" j
        WHERE j.account_id = a.id AND j.requested_at >= now() - interval '8 days'
        GROUP BY 1, 2) s;

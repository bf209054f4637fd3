CREATE TABLE "job_stats" (
	"account_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"requested" integer DEFAULT 0 NOT NULL,
	"success" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_stats_account_id_bucket_kind_pk" PRIMARY KEY("account_id","bucket","kind")
);
--> statement-breakpoint
CREATE INDEX "job_stats_bucket_idx" ON "job_stats" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "device_connections_connected_idx" ON "device_connections" USING btree ("connected_at");--> statement-breakpoint
-- the jobs of the last 8 days stored before the counts existed (the dashboard shows 7), per account and
-- for the platform (account 0), read account by account through the jobs' (account, request time)
-- index; the server counts from here on, outcomes included for jobs still under way
INSERT INTO "job_stats" ("account_id", "bucket", "kind", "requested", "success", "failed")
SELECT g.account_id, s.bucket, s.kind, sum(s.requested)::int, sum(s.success)::int, sum(s.failed)::int
  FROM "accounts" a
 CROSS JOIN LATERAL (
       SELECT to_timestamp(floor(extract(epoch FROM j.requested_at) / 900) * 900) AS bucket, j.kind,
              count(*) AS requested, count(*) FILTER (WHERE j.status = 3) AS success,
              count(*) FILTER (WHERE j.status IN (4, 5)) AS failed
         FROM "jobs" j
        WHERE j.account_id = a.id AND j.requested_at >= now() - interval '8 days'
        GROUP BY 1, 2) s
 CROSS JOIN LATERAL (VALUES (a.id), (0)) AS g(account_id)
 GROUP BY 1, 2, 3;

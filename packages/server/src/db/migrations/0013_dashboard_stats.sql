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
-- jobs stored before the counts existed, per account and for the platform (account 0); the server
-- counts from here on, outcomes included for jobs still under way
INSERT INTO "job_stats" ("account_id", "bucket", "kind", "requested", "success", "failed")
SELECT "account_id", "bucket", "kind", count(*)::int, (count(*) FILTER (WHERE "status" = 3))::int,
       (count(*) FILTER (WHERE "status" IN (4, 5)))::int
  FROM (SELECT g.account_id, to_timestamp(floor(extract(epoch FROM j.requested_at) / 900) * 900) AS "bucket", j.kind, j.status
          FROM "jobs" j CROSS JOIN LATERAL (VALUES (j.account_id), (0)) AS g(account_id)) s
 GROUP BY "account_id", "bucket", "kind";

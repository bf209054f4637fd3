CREATE TABLE "account_apis" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"secret" text NOT NULL,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"push_urls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"added_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"geo_secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_apis_app_key_unique" UNIQUE("app_key")
);
--> statement-breakpoint
CREATE TABLE "api_nonces" (
	"app_key" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_nonces_app_key_nonce_pk" PRIMARY KEY("app_key","nonce")
);
--> statement-breakpoint
CREATE TABLE "api_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"app_key" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"order_id" text,
	"sn" text,
	"job_id" bigint,
	"result" smallint NOT NULL,
	"code" integer NOT NULL,
	"message" text,
	"ip" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"template_id" integer,
	"voice_content" text,
	"remark" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"msg_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"sn" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"order_id" text,
	"business_id" integer,
	"template_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"payload" jsonb NOT NULL,
	"request" jsonb,
	"copies" smallint DEFAULT 1 NOT NULL,
	"amount" text,
	"currency" text,
	"payment_type" text,
	"language" text,
	"requested_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"pushed_at" timestamp with time zone,
	"push_count" smallint DEFAULT 0 NOT NULL,
	"acked_at" timestamp with time zone,
	"ack_latency_ms" integer,
	"finished_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "jobs_msg_id_unique" UNIQUE("msg_id")
);
--> statement-breakpoint
CREATE TABLE "publish_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"sn" text NOT NULL,
	"topic" text NOT NULL,
	"msg_id" uuid NOT NULL,
	"qos" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"bytes" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"acked_at" timestamp with time zone,
	"latency_ms" integer
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"purpose" text,
	"model_id" integer,
	"command" text DEFAULT 'escpos' NOT NULL,
	"body" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_speak_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"prefix" text DEFAULT 'received' NOT NULL,
	"language" text DEFAULT 'zh_CN' NOT NULL,
	"volume" smallint DEFAULT 75 NOT NULL,
	"payment_types" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"job_id" bigint,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_apis" ADD CONSTRAINT "account_apis_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_speak_settings" ADD CONSTRAINT "trade_speak_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_nonces_expiry_idx" ON "api_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "api_requests_account_idx" ON "api_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "businesses_account_idx" ON "businesses" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_order_uq" ON "jobs" USING btree ("account_id","order_id") WHERE "jobs"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_account_idx" ON "jobs" USING btree ("account_id","requested_at");--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("device_id","id") WHERE "jobs"."status" < 3;--> statement-breakpoint
CREATE INDEX "jobs_expiry_idx" ON "jobs" USING btree ("expire_at") WHERE "jobs"."status" < 3;--> statement-breakpoint
CREATE INDEX "publish_records_account_idx" ON "publish_records" USING btree ("account_id","published_at");--> statement-breakpoint
CREATE INDEX "publish_records_job_idx" ON "publish_records" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "templates_account_idx" ON "templates" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_account_idx" ON "webhook_deliveries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';
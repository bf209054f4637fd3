CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"access_type" smallint NOT NULL,
	"auto_register" boolean DEFAULT false NOT NULL,
	"stocking_mode" text,
	"app_key" text NOT NULL,
	"app_secret" text NOT NULL,
	"sign_key" text NOT NULL,
	"package_name" text,
	"registered_url" text,
	"notify_url" text,
	"callback_url" text,
	"push_mode" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_app_key_unique" UNIQUE("app_key")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"fingerprint" text NOT NULL,
	"pem" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"command" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text NOT NULL,
	"ack_code" text,
	"ack_message" text,
	"latency_ms" integer,
	"sent_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"acked_at" timestamp with time zone,
	"requested_by" integer
);
--> statement-breakpoint
CREATE TABLE "device_connections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"disconnected_at" timestamp with time zone,
	"ip" text,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "device_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"upload_token_hash" text NOT NULL,
	"file_name" text,
	"size" integer,
	"content" "bytea",
	"uploaded_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_logs_upload_token_hash_unique" UNIQUE("upload_token_hash")
);
--> statement-breakpoint
CREATE TABLE "device_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "device_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"sn" text NOT NULL,
	"name" text,
	"model_id" integer NOT NULL,
	"group_id" integer,
	"app_id" integer,
	"manufacturer_id" integer,
	"secret" text,
	"status" smallint DEFAULT 2 NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"online" boolean DEFAULT false NOT NULL,
	"last_online_at" timestamp with time zone,
	"last_offline_at" timestamp with time zone,
	"paused" boolean DEFAULT false NOT NULL,
	"muted_until" timestamp with time zone,
	"qr_enabled" boolean DEFAULT false NOT NULL,
	"qr_password" text,
	"print_params" jsonb NOT NULL,
	"telemetry" jsonb,
	"telemetry_at" timestamp with time zone,
	"firmware_version" text,
	"contact_phone" text,
	"lat" double precision,
	"lng" double precision,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"number" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"max_devices" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licences_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"contact" text,
	"phone" text,
	"email" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"pn" text,
	"capability" text,
	"description" text,
	"device_type_id" integer,
	"image" "bytea" NOT NULL,
	"image_mime" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_connections" ADD CONSTRAINT "device_connections_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_name_uq" ON "applications" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_id","sent_at");--> statement-breakpoint
CREATE INDEX "device_connections_device_idx" ON "device_connections" USING btree ("device_id","connected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_groups_name_uq" ON "device_groups" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "device_groups_default_uq" ON "device_groups" USING btree ("account_id") WHERE "device_groups"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "devices_sn_uq" ON "devices" USING btree ("sn") WHERE "devices"."status" <> -1;--> statement-breakpoint
CREATE INDEX "devices_account_idx" ON "devices" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "devices_group_idx" ON "devices" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturers_code_uq" ON "manufacturers" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "models_code_uq" ON "models" USING btree (lower("code"));
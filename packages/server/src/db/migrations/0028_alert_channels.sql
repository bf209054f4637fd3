CREATE TABLE "alert_digests" (
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"account_id" integer NOT NULL,
	"sn" text NOT NULL,
	"folded" integer NOT NULL,
	"last_phase" text NOT NULL,
	"last_detail" text,
	CONSTRAINT "alert_digests_device_id_kind_window_ends_at_pk" PRIMARY KEY("device_id","kind","window_ends_at")
);
--> statement-breakpoint
CREATE TABLE "alert_routes" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"in_app_kinds" text[] NOT NULL,
	"email_kinds" text[] NOT NULL,
	CONSTRAINT "alert_routes_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"webhook_url" text,
	"webhook_kinds" text[] NOT NULL,
	"battery_low_percent" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_alert_states" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"active" text[] NOT NULL,
	"prev_active" text[] NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "alert_phase" text;--> statement-breakpoint
ALTER TABLE "alert_routes" ADD CONSTRAINT "alert_routes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_routes" ADD CONSTRAINT "alert_routes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_digests_due_idx" ON "alert_digests" USING btree ("window_ends_at");
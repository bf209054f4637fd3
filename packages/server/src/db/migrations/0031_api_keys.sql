CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"app_key" text NOT NULL,
	"secret" text NOT NULL,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"previous_secret" text,
	"previous_expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_app_key_unique" UNIQUE("app_key"),
	CONSTRAINT "api_keys_previous_check" CHECK (("api_keys"."previous_secret" is null) = ("api_keys"."previous_expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "account_apis" DROP CONSTRAINT "account_apis_app_key_unique";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id","id");--> statement-breakpoint
-- each account's one key becomes its first named key (it keeps signing the account's pushes)
INSERT INTO "api_keys" ("account_id", "name", "app_key", "secret", "secret_rotated_at", "created_at")
  SELECT "account_id", 'Default', "app_key", "secret", "secret_rotated_at", "secret_rotated_at" FROM "account_apis" ORDER BY "account_id";--> statement-breakpoint
ALTER TABLE "account_apis" DROP COLUMN "app_key";--> statement-breakpoint
ALTER TABLE "account_apis" DROP COLUMN "secret";--> statement-breakpoint
ALTER TABLE "account_apis" DROP COLUMN "secret_rotated_at";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "redelivery_of" bigint;
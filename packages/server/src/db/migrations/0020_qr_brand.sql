CREATE TABLE "qr_brands" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"product_name" text,
	"logo" "bytea",
	"logo_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_brands_logo_key_unique" UNIQUE("logo_key")
);
--> statement-breakpoint
ALTER TABLE "qr_brands" ADD CONSTRAINT "qr_brands_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
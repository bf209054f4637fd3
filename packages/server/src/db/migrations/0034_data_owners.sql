ALTER TABLE "businesses" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "owner_user_id" integer;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "scope_owner" integer;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "scope_owner" integer;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_owner_idx" ON "devices" USING btree ("owner_user_id");
CREATE TABLE "qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"hdsfi_group" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"form_secret" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"created_by_user_id" integer,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_codes_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "capture_entries" ADD COLUMN "qr_code_id" integer;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_store_id_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_org_user_group_key" ON "qr_codes" USING btree ("organization_id","user_id","hdsfi_group");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_active_user_group_key" ON "qr_codes" USING btree ("user_id","hdsfi_group") WHERE is_active;--> statement-breakpoint
CREATE INDEX "qr_codes_org_store_idx" ON "qr_codes" USING btree ("organization_id","store_id");--> statement-breakpoint
ALTER TABLE "capture_entries" ADD CONSTRAINT "capture_entries_qr_code_id_tenant_fk" FOREIGN KEY ("organization_id","qr_code_id") REFERENCES "public"."qr_codes"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capture_entries_org_qr_code_idx" ON "capture_entries" USING btree ("organization_id","qr_code_id") WHERE qr_code_id is not null;
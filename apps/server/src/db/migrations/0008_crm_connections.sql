CREATE TABLE "crm_connections" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"api_url" text NOT NULL,
	"auth_url" text NOT NULL,
	"tenant_id" bigint NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"app_key" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
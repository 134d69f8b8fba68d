CREATE TABLE "deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"lead_id" bigint NOT NULL,
	"destination" text NOT NULL,
	"appointment_id" bigint,
	"state" text DEFAULT 'pending' NOT NULL,
	"wanted_version" integer DEFAULT 1 NOT NULL,
	"sent_version" integer DEFAULT 0 NOT NULL,
	"sending_version" integer,
	"idempotency_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"total_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_http_status" integer,
	"unclear" boolean DEFAULT false NOT NULL,
	"external_id" text,
	"external_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sent_state" jsonb,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"first_sent_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"dead_at" timestamp with time zone,
	"outcome" text,
	"outcome_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_org_lead_destination_key" UNIQUE("organization_id","lead_id","destination"),
	CONSTRAINT "deliveries_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "deliveries_versions_check" CHECK (sent_version <= wanted_version)
);
--> statement-breakpoint
CREATE TABLE "destination_settings" (
	"organization_id" integer NOT NULL,
	"destination" text NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credentials" text,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "destination_settings_organization_id_destination_pk" PRIMARY KEY("organization_id","destination")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_lead_tenant_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."leads"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_appointment_tenant_fk" FOREIGN KEY ("organization_id","appointment_id") REFERENCES "public"."appointments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_settings" ADD CONSTRAINT "destination_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_settings" ADD CONSTRAINT "destination_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "deliveries" USING btree ("next_attempt_at") WHERE "deliveries"."state" in ('pending', 'failed', 'sending');--> statement-breakpoint
CREATE INDEX "deliveries_org_state_updated_idx" ON "deliveries" USING btree ("organization_id","state","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_org_destination_sent_idx" ON "deliveries" USING btree ("organization_id","destination","last_sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_org_readback_idx" ON "deliveries" USING btree ("organization_id","outcome_read_at") WHERE "deliveries"."destination" = 'crm' and "deliveries"."external_id" is not null and ("deliveries"."outcome" is null or "deliveries"."outcome" in ('pending', 'ran'));
CREATE TABLE "appointment_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"appointment_id" bigint NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "appointment_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"appointment_type_id" integer NOT NULL,
	"territory_id" integer,
	"store_id" integer,
	"day_of_week" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"capacity" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_templates_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "appointment_templates_day_check" CHECK (day_of_week between 0 and 6),
	CONSTRAINT "appointment_templates_capacity_check" CHECK (capacity between 1 and 1000),
	CONSTRAINT "appointment_templates_time_check" CHECK (start_time < end_time)
);
--> statement-breakpoint
CREATE TABLE "appointment_type_business_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"appointment_type_id" integer NOT NULL,
	"crm_reference_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_type_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"appointment_type_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_type_technicians" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"appointment_type_id" integer NOT NULL,
	"crm_reference_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"territory_id" integer,
	"name" text NOT NULL,
	"duration_minutes" integer DEFAULT 120 NOT NULL,
	"arrival_window_minutes" integer DEFAULT 120 NOT NULL,
	"minimum_notice_minutes" integer DEFAULT 120 NOT NULL,
	"booking_horizon_days" integer DEFAULT 60 NOT NULL,
	"crm_job_type_id" bigint,
	"crm_campaign_id" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_types_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "appointment_types_minutes_check" CHECK (duration_minutes > 0 and arrival_window_minutes > 0),
	CONSTRAINT "appointment_types_notice_check" CHECK (minimum_notice_minutes >= 0 and booking_horizon_days between 1 and 730)
);
--> statement-breakpoint
CREATE TABLE "appointment_windows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"appointment_type_id" integer NOT NULL,
	"territory_id" integer,
	"store_id" integer,
	"template_id" integer,
	"time_zone" text NOT NULL,
	"local_date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_windows_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "appointment_windows_capacity_check" CHECK (capacity between 0 and 1000),
	CONSTRAINT "appointment_windows_booked_check" CHECK (booked >= 0 and booked <= capacity),
	CONSTRAINT "appointment_windows_time_check" CHECK (starts_at < ends_at)
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"lead_id" bigint NOT NULL,
	"window_id" bigint NOT NULL,
	"appointment_type_id" integer NOT NULL,
	"store_id" integer,
	"territory_id" integer,
	"status" text DEFAULT 'booked' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"source" text NOT NULL,
	"booked_by_user_id" integer,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"notes" text,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" text NOT NULL,
	"external_id" bigint NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_references_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "scheduling_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"generate_weeks_ahead" integer DEFAULT 0 NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"reminder_hours_before" integer DEFAULT 24 NOT NULL,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduling_settings_weeks_check" CHECK (generate_weeks_ahead between 0 and 26),
	CONSTRAINT "scheduling_settings_reminder_check" CHECK (reminder_hours_before between 1 and 168)
);
--> statement-breakpoint
ALTER TABLE "appointment_history" ADD CONSTRAINT "appointment_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_history" ADD CONSTRAINT "appointment_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_history" ADD CONSTRAINT "appointment_history_appointment_tenant_fk" FOREIGN KEY ("organization_id","appointment_id") REFERENCES "public"."appointments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_templates" ADD CONSTRAINT "appointment_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_templates" ADD CONSTRAINT "appointment_templates_type_tenant_fk" FOREIGN KEY ("organization_id","appointment_type_id") REFERENCES "public"."appointment_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_templates" ADD CONSTRAINT "appointment_templates_territory_tenant_fk" FOREIGN KEY ("organization_id","territory_id") REFERENCES "public"."territories"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_templates" ADD CONSTRAINT "appointment_templates_store_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_business_units" ADD CONSTRAINT "appointment_type_business_units_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_business_units" ADD CONSTRAINT "appointment_type_business_units_type_tenant_fk" FOREIGN KEY ("organization_id","appointment_type_id") REFERENCES "public"."appointment_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_business_units" ADD CONSTRAINT "appointment_type_business_units_ref_tenant_fk" FOREIGN KEY ("organization_id","crm_reference_id") REFERENCES "public"."crm_references"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_questions" ADD CONSTRAINT "appointment_type_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_questions" ADD CONSTRAINT "appointment_type_questions_type_tenant_fk" FOREIGN KEY ("organization_id","appointment_type_id") REFERENCES "public"."appointment_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_questions" ADD CONSTRAINT "appointment_type_questions_question_tenant_fk" FOREIGN KEY ("organization_id","question_id") REFERENCES "public"."service_type_questions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_technicians" ADD CONSTRAINT "appointment_type_technicians_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_technicians" ADD CONSTRAINT "appointment_type_technicians_type_tenant_fk" FOREIGN KEY ("organization_id","appointment_type_id") REFERENCES "public"."appointment_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_technicians" ADD CONSTRAINT "appointment_type_technicians_ref_tenant_fk" FOREIGN KEY ("organization_id","crm_reference_id") REFERENCES "public"."crm_references"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_territory_id_tenant_fk" FOREIGN KEY ("organization_id","territory_id") REFERENCES "public"."territories"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_windows" ADD CONSTRAINT "appointment_windows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_windows" ADD CONSTRAINT "appointment_windows_type_tenant_fk" FOREIGN KEY ("organization_id","appointment_type_id") REFERENCES "public"."appointment_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_windows" ADD CONSTRAINT "appointment_windows_territory_tenant_fk" FOREIGN KEY ("organization_id","territory_id") REFERENCES "public"."territories"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_windows" ADD CONSTRAINT "appointment_windows_store_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_windows" ADD CONSTRAINT "appointment_windows_template_tenant_fk" FOREIGN KEY ("organization_id","template_id") REFERENCES "public"."appointment_templates"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_lead_tenant_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."leads"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_window_tenant_fk" FOREIGN KEY ("organization_id","window_id") REFERENCES "public"."appointment_windows"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_type_tenant_fk" FOREIGN KEY ("organization_id","appointment_type_id") REFERENCES "public"."appointment_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_store_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_territory_tenant_fk" FOREIGN KEY ("organization_id","territory_id") REFERENCES "public"."territories"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_references" ADD CONSTRAINT "crm_references_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_settings" ADD CONSTRAINT "scheduling_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_settings" ADD CONSTRAINT "scheduling_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_history_org_appointment_idx" ON "appointment_history" USING btree ("organization_id","appointment_id","at");--> statement-breakpoint
CREATE INDEX "appointment_templates_org_type_day_idx" ON "appointment_templates" USING btree ("organization_id","appointment_type_id","day_of_week","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_type_business_units_key" ON "appointment_type_business_units" USING btree ("organization_id","appointment_type_id","crm_reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_type_questions_key" ON "appointment_type_questions" USING btree ("organization_id","appointment_type_id","question_id");--> statement-breakpoint
CREATE INDEX "appointment_type_questions_org_question_idx" ON "appointment_type_questions" USING btree ("organization_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_type_technicians_key" ON "appointment_type_technicians" USING btree ("organization_id","appointment_type_id","crm_reference_id");--> statement-breakpoint
CREATE INDEX "appointment_types_org_name_idx" ON "appointment_types" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "appointment_windows_org_type_starts_idx" ON "appointment_windows" USING btree ("organization_id","appointment_type_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointment_windows_org_starts_idx" ON "appointment_windows" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_windows_template_date_key" ON "appointment_windows" USING btree ("organization_id","template_id","local_date") WHERE template_id is not null;--> statement-breakpoint
CREATE INDEX "appointments_org_starts_idx" ON "appointments" USING btree ("organization_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "appointments_org_status_starts_idx" ON "appointments" USING btree ("organization_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_org_type_starts_idx" ON "appointments" USING btree ("organization_id","appointment_type_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_org_store_starts_idx" ON "appointments" USING btree ("organization_id","store_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_org_window_idx" ON "appointments" USING btree ("organization_id","window_id");--> statement-breakpoint
CREATE INDEX "appointments_org_lead_idx" ON "appointments" USING btree ("organization_id","lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_booked_per_lead_key" ON "appointments" USING btree ("organization_id","lead_id") WHERE status = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "crm_references_org_kind_external_key" ON "crm_references" USING btree ("organization_id","kind","external_id");--> statement-breakpoint
CREATE INDEX "crm_references_org_kind_name_idx" ON "crm_references" USING btree ("organization_id","kind",lower("name"));--> statement-breakpoint
ALTER TABLE "business_contacts" ADD CONSTRAINT "business_contacts_appointment_type_id_tenant_fk" FOREIGN KEY ("organization_id","appointment_type_id") REFERENCES "public"."appointment_types"("organization_id","id") ON DELETE no action ON UPDATE no action;
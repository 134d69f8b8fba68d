CREATE TABLE "activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer,
	"activity_type_id" integer NOT NULL,
	"reason_id" integer,
	"work_date" date NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"minutes" integer,
	"notes" text,
	"time_log_id" bigint,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "available_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "available_hours_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "hours_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"hours_type_id" integer,
	"store_id" integer,
	"minutes" integer NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"notes" text,
	"posting_id" integer,
	"created_by_user_id" integer,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hours_entries_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "hours_posting_users" (
	"organization_id" integer NOT NULL,
	"posting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hours_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"posted_by_user_id" integer,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	CONSTRAINT "hours_postings_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "no_activity_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"reason_id" integer NOT NULL,
	"notes" text,
	"recorded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"notes" text,
	"created_by_user_id" integer,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "time_log_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"time_log_id" bigint NOT NULL,
	"subject_user_id" integer,
	"action" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "time_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"hours_type_id" integer,
	"punch_in_at" timestamp with time zone,
	"punch_out_at" timestamp with time zone,
	"time_zone" text NOT NULL,
	"work_date" date NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"missing" text,
	"flagged_at" timestamp with time zone,
	"proposed_in_at" timestamp with time zone,
	"proposed_out_at" timestamp with time zone,
	"proposed_reason" text,
	"proposed_at" timestamp with time zone,
	"in_latitude" double precision,
	"in_longitude" double precision,
	"in_distance_meters" integer,
	"out_latitude" double precision,
	"out_longitude" double precision,
	"out_distance_meters" integer,
	"source" text DEFAULT 'punch' NOT NULL,
	"notes" text,
	"created_by_user_id" integer,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_logs_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "max_shift_hours" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "weekly_hours_limit" smallint DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "punch_distance_meters" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_store_id_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_time_log_id_tenant_fk" FOREIGN KEY ("organization_id","time_log_id") REFERENCES "public"."time_logs"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "available_hours" ADD CONSTRAINT "available_hours_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "available_hours" ADD CONSTRAINT "available_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_entries" ADD CONSTRAINT "hours_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_entries" ADD CONSTRAINT "hours_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_entries" ADD CONSTRAINT "hours_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_entries" ADD CONSTRAINT "hours_entries_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_entries" ADD CONSTRAINT "hours_entries_store_id_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_entries" ADD CONSTRAINT "hours_entries_posting_id_tenant_fk" FOREIGN KEY ("organization_id","posting_id") REFERENCES "public"."hours_postings"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_posting_users" ADD CONSTRAINT "hours_posting_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_posting_users" ADD CONSTRAINT "hours_posting_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_posting_users" ADD CONSTRAINT "hours_posting_users_posting_id_tenant_fk" FOREIGN KEY ("organization_id","posting_id") REFERENCES "public"."hours_postings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_postings" ADD CONSTRAINT "hours_postings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hours_postings" ADD CONSTRAINT "hours_postings_posted_by_user_id_users_id_fk" FOREIGN KEY ("posted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_activity_reasons" ADD CONSTRAINT "no_activity_reasons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_activity_reasons" ADD CONSTRAINT "no_activity_reasons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_activity_reasons" ADD CONSTRAINT "no_activity_reasons_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_store_id_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_log_history" ADD CONSTRAINT "time_log_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_log_history" ADD CONSTRAINT "time_log_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_store_id_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_org_date_idx" ON "activities" USING btree ("organization_id","work_date");--> statement-breakpoint
CREATE INDEX "activities_org_user_date_idx" ON "activities" USING btree ("organization_id","user_id","work_date");--> statement-breakpoint
CREATE INDEX "activities_org_occurred_idx" ON "activities" USING btree ("organization_id","occurred_at");--> statement-breakpoint
CREATE INDEX "available_hours_org_user_idx" ON "available_hours" USING btree ("organization_id","user_id","day_of_week");--> statement-breakpoint
CREATE INDEX "hours_entries_org_user_date_idx" ON "hours_entries" USING btree ("organization_id","user_id","work_date");--> statement-breakpoint
CREATE INDEX "hours_entries_org_date_idx" ON "hours_entries" USING btree ("organization_id","work_date");--> statement-breakpoint
CREATE INDEX "hours_entries_org_posting_idx" ON "hours_entries" USING btree ("organization_id","posting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hours_posting_users_key" ON "hours_posting_users" USING btree ("organization_id","posting_id","user_id");--> statement-breakpoint
CREATE INDEX "hours_posting_users_lookup_idx" ON "hours_posting_users" USING btree ("organization_id","user_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "hours_postings_org_dates_idx" ON "hours_postings" USING btree ("organization_id","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "no_activity_reasons_key" ON "no_activity_reasons" USING btree ("organization_id","user_id","work_date");--> statement-breakpoint
CREATE INDEX "shifts_org_date_user_idx" ON "shifts" USING btree ("organization_id","work_date","user_id");--> statement-breakpoint
CREATE INDEX "shifts_org_user_starts_idx" ON "shifts" USING btree ("organization_id","user_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_org_store_date_idx" ON "shifts" USING btree ("organization_id","store_id","work_date");--> statement-breakpoint
CREATE INDEX "time_log_history_org_log_idx" ON "time_log_history" USING btree ("organization_id","time_log_id","at");--> statement-breakpoint
CREATE INDEX "time_log_history_org_subject_idx" ON "time_log_history" USING btree ("organization_id","subject_user_id","at");--> statement-breakpoint
CREATE INDEX "time_logs_org_user_date_idx" ON "time_logs" USING btree ("organization_id","user_id","work_date");--> statement-breakpoint
CREATE INDEX "time_logs_org_date_idx" ON "time_logs" USING btree ("organization_id","work_date");--> statement-breakpoint
CREATE INDEX "time_logs_org_store_date_idx" ON "time_logs" USING btree ("organization_id","store_id","work_date");--> statement-breakpoint
CREATE INDEX "time_logs_org_attention_idx" ON "time_logs" USING btree ("organization_id","work_date") WHERE state in ('open', 'missing', 'proposed');--> statement-breakpoint
CREATE UNIQUE INDEX "time_logs_one_open_key" ON "time_logs" USING btree ("organization_id","user_id") WHERE state = 'open';
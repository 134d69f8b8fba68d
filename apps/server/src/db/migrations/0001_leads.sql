CREATE TABLE "capture_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by_user_id" integer,
	"store_id" integer,
	"territory_id" integer,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"lead_id" bigint,
	"rejection_reason" text,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "lead_answers" (
	"organization_id" integer NOT NULL,
	"lead_id" bigint NOT NULL,
	"question_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "lead_answers_organization_id_lead_id_question_id_pk" PRIMARY KEY("organization_id","lead_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "lead_consents" (
	"organization_id" integer NOT NULL,
	"lead_id" bigint NOT NULL,
	"destination" text NOT NULL,
	"disclosure_text" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"recorded_by_user_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_consents_organization_id_lead_id_destination_pk" PRIMARY KEY("organization_id","lead_id","destination")
);
--> statement-breakpoint
CREATE TABLE "lead_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"lead_id" bigint NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"store_id" integer,
	"territory_id" integer,
	"captured_by_user_id" integer,
	"captured_at" timestamp with time zone NOT NULL,
	"service_type_id" integer,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"email" text,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"language_id" integer,
	"notes" text,
	"duplicate_of_lead_id" bigint,
	"rejection_reason" text,
	"hdsfi_group_id" integer,
	"hd_job_type_id" integer,
	"centah_service_id" integer,
	"centah_ad_code_id" integer,
	"external_reference" text,
	"revenue" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "business_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"territory_id" integer,
	"appointment_type_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"duplicate_window_days" smallint DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_type_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"service_type_id" integer NOT NULL,
	"text" text NOT NULL,
	"data_type_id" smallint NOT NULL,
	"field_type_id" smallint NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capture_entries" ADD CONSTRAINT "capture_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capture_entries" ADD CONSTRAINT "capture_entries_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capture_entries" ADD CONSTRAINT "capture_entries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capture_entries" ADD CONSTRAINT "capture_entries_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capture_entries" ADD CONSTRAINT "capture_entries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_answers" ADD CONSTRAINT "lead_answers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_answers" ADD CONSTRAINT "lead_answers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_answers" ADD CONSTRAINT "lead_answers_question_id_service_type_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."service_type_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD CONSTRAINT "lead_consents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD CONSTRAINT "lead_consents_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD CONSTRAINT "lead_consents_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_history" ADD CONSTRAINT "lead_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_history" ADD CONSTRAINT "lead_history_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_history" ADD CONSTRAINT "lead_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_duplicate_of_lead_id_leads_id_fk" FOREIGN KEY ("duplicate_of_lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_contacts" ADD CONSTRAINT "business_contacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_contacts" ADD CONSTRAINT "business_contacts_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_settings" ADD CONSTRAINT "lead_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_responses" ADD CONSTRAINT "question_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_responses" ADD CONSTRAINT "question_responses_question_id_service_type_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."service_type_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_type_questions" ADD CONSTRAINT "service_type_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_type_questions" ADD CONSTRAINT "service_type_questions_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capture_entries_org_received_idx" ON "capture_entries" USING btree ("organization_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "capture_entries_org_lead_idx" ON "capture_entries" USING btree ("organization_id","lead_id") WHERE lead_id is not null;--> statement-breakpoint
CREATE INDEX "capture_entries_org_user_idx" ON "capture_entries" USING btree ("organization_id","submitted_by_user_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_answers_org_question_idx" ON "lead_answers" USING btree ("organization_id","question_id");--> statement-breakpoint
CREATE INDEX "lead_history_org_lead_idx" ON "lead_history" USING btree ("organization_id","lead_id","at");--> statement-breakpoint
CREATE INDEX "leads_org_captured_idx" ON "leads" USING btree ("organization_id","captured_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leads_org_kind_captured_idx" ON "leads" USING btree ("organization_id","kind","captured_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leads_org_source_captured_idx" ON "leads" USING btree ("organization_id","source","captured_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leads_org_status_captured_idx" ON "leads" USING btree ("organization_id","status_id","captured_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leads_org_store_captured_idx" ON "leads" USING btree ("organization_id","store_id","captured_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leads_org_territory_captured_idx" ON "leads" USING btree ("organization_id","territory_id","captured_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leads_org_user_captured_idx" ON "leads" USING btree ("organization_id","captured_by_user_id","captured_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leads_org_service_type_idx" ON "leads" USING btree ("organization_id","service_type_id","captured_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_org_phone_idx" ON "leads" USING btree ("organization_id","phone" text_pattern_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leads_org_email_idx" ON "leads" USING btree ("organization_id","email" text_pattern_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leads_org_last_name_idx" ON "leads" USING btree ("organization_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_org_first_name_idx" ON "leads" USING btree ("organization_id",lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_org_duplicate_of_idx" ON "leads" USING btree ("organization_id","duplicate_of_lead_id") WHERE duplicate_of_lead_id is not null;--> statement-breakpoint
CREATE INDEX "leads_org_deleted_idx" ON "leads" USING btree ("organization_id","deleted_at" DESC NULLS LAST) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "business_contacts_org_scope_idx" ON "business_contacts" USING btree ("organization_id","territory_id","appointment_type_id","sort_order");--> statement-breakpoint
CREATE INDEX "question_responses_org_question_idx" ON "question_responses" USING btree ("organization_id","question_id","sort_order");--> statement-breakpoint
CREATE INDEX "service_type_questions_org_type_idx" ON "service_type_questions" USING btree ("organization_id","service_type_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "service_types_org_name_key" ON "service_types" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "service_types_org_sort_idx" ON "service_types" USING btree ("organization_id","sort_order");
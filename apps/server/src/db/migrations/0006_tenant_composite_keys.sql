-- Tenancy in the database (docs/decisions/0022-tenancy-in-the-database.md): every reference between tenant
-- tables becomes (organization_id, x_id) -> x (organization_id, id). The targets get a unique (organization_id, id)
-- first; each composite key is added NOT VALID (new rows are checked from then on), then validated against the
-- rows already there; only then is the single-column key it replaces dropped, so no row is ever unchecked.
ALTER TABLE "territories" ADD CONSTRAINT "territories_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "service_type_questions" ADD CONSTRAINT "service_type_questions_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_org_id_key" UNIQUE("organization_id","id");
--> statement-breakpoint
ALTER TABLE "capture_entries" ADD CONSTRAINT "capture_entries_store_id_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "capture_entries" ADD CONSTRAINT "capture_entries_territory_id_tenant_fk" FOREIGN KEY ("organization_id","territory_id") REFERENCES "public"."territories"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "capture_entries" ADD CONSTRAINT "capture_entries_lead_id_tenant_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."leads"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "lead_answers" ADD CONSTRAINT "lead_answers_lead_id_tenant_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."leads"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "lead_answers" ADD CONSTRAINT "lead_answers_question_id_tenant_fk" FOREIGN KEY ("organization_id","question_id") REFERENCES "public"."service_type_questions"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "lead_consents" ADD CONSTRAINT "lead_consents_lead_id_tenant_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."leads"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "lead_history" ADD CONSTRAINT "lead_history_lead_id_tenant_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."leads"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_store_id_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_territory_id_tenant_fk" FOREIGN KEY ("organization_id","territory_id") REFERENCES "public"."territories"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_service_type_id_tenant_fk" FOREIGN KEY ("organization_id","service_type_id") REFERENCES "public"."service_types"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_duplicate_of_lead_id_tenant_fk" FOREIGN KEY ("organization_id","duplicate_of_lead_id") REFERENCES "public"."leads"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_territory_id_tenant_fk" FOREIGN KEY ("organization_id","territory_id") REFERENCES "public"."territories"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "business_contacts" ADD CONSTRAINT "business_contacts_territory_id_tenant_fk" FOREIGN KEY ("organization_id","territory_id") REFERENCES "public"."territories"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "question_responses" ADD CONSTRAINT "question_responses_question_id_tenant_fk" FOREIGN KEY ("organization_id","question_id") REFERENCES "public"."service_type_questions"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "service_type_questions" ADD CONSTRAINT "service_type_questions_service_type_id_tenant_fk" FOREIGN KEY ("organization_id","service_type_id") REFERENCES "public"."service_types"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "membership_stores" ADD CONSTRAINT "membership_stores_membership_id_tenant_fk" FOREIGN KEY ("organization_id","membership_id") REFERENCES "public"."memberships"("organization_id","id") ON DELETE cascade ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "membership_stores" ADD CONSTRAINT "membership_stores_store_id_tenant_fk" FOREIGN KEY ("organization_id","store_id") REFERENCES "public"."stores"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "membership_territories" ADD CONSTRAINT "membership_territories_membership_id_tenant_fk" FOREIGN KEY ("organization_id","membership_id") REFERENCES "public"."memberships"("organization_id","id") ON DELETE cascade ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "membership_territories" ADD CONSTRAINT "membership_territories_territory_id_tenant_fk" FOREIGN KEY ("organization_id","territory_id") REFERENCES "public"."territories"("organization_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "capture_entries" VALIDATE CONSTRAINT "capture_entries_store_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "capture_entries" VALIDATE CONSTRAINT "capture_entries_territory_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "capture_entries" VALIDATE CONSTRAINT "capture_entries_lead_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "lead_answers" VALIDATE CONSTRAINT "lead_answers_lead_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "lead_answers" VALIDATE CONSTRAINT "lead_answers_question_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "lead_consents" VALIDATE CONSTRAINT "lead_consents_lead_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "lead_history" VALIDATE CONSTRAINT "lead_history_lead_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "leads" VALIDATE CONSTRAINT "leads_store_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "leads" VALIDATE CONSTRAINT "leads_territory_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "leads" VALIDATE CONSTRAINT "leads_service_type_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "leads" VALIDATE CONSTRAINT "leads_duplicate_of_lead_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "stores" VALIDATE CONSTRAINT "stores_territory_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "business_contacts" VALIDATE CONSTRAINT "business_contacts_territory_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "question_responses" VALIDATE CONSTRAINT "question_responses_question_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "service_type_questions" VALIDATE CONSTRAINT "service_type_questions_service_type_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "membership_stores" VALIDATE CONSTRAINT "membership_stores_membership_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "membership_stores" VALIDATE CONSTRAINT "membership_stores_store_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "membership_territories" VALIDATE CONSTRAINT "membership_territories_membership_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "membership_territories" VALIDATE CONSTRAINT "membership_territories_territory_id_tenant_fk";
--> statement-breakpoint
ALTER TABLE "capture_entries" DROP CONSTRAINT "capture_entries_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "capture_entries" DROP CONSTRAINT "capture_entries_territory_id_territories_id_fk";
--> statement-breakpoint
ALTER TABLE "capture_entries" DROP CONSTRAINT "capture_entries_lead_id_leads_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_answers" DROP CONSTRAINT "lead_answers_lead_id_leads_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_answers" DROP CONSTRAINT "lead_answers_question_id_service_type_questions_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_consents" DROP CONSTRAINT "lead_consents_lead_id_leads_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_history" DROP CONSTRAINT "lead_history_lead_id_leads_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_territory_id_territories_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_service_type_id_service_types_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_duplicate_of_lead_id_leads_id_fk";
--> statement-breakpoint
ALTER TABLE "stores" DROP CONSTRAINT "stores_territory_id_territories_id_fk";
--> statement-breakpoint
ALTER TABLE "business_contacts" DROP CONSTRAINT "business_contacts_territory_id_territories_id_fk";
--> statement-breakpoint
ALTER TABLE "question_responses" DROP CONSTRAINT "question_responses_question_id_service_type_questions_id_fk";
--> statement-breakpoint
ALTER TABLE "service_type_questions" DROP CONSTRAINT "service_type_questions_service_type_id_service_types_id_fk";
--> statement-breakpoint
ALTER TABLE "membership_stores" DROP CONSTRAINT "membership_stores_membership_id_memberships_id_fk";
--> statement-breakpoint
ALTER TABLE "membership_stores" DROP CONSTRAINT "membership_stores_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "membership_territories" DROP CONSTRAINT "membership_territories_membership_id_memberships_id_fk";
--> statement-breakpoint
ALTER TABLE "membership_territories" DROP CONSTRAINT "membership_territories_territory_id_territories_id_fk";

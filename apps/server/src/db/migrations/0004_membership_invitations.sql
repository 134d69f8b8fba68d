CREATE TABLE "membership_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"language_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"time_zone" text,
	"role_id" smallint NOT NULL,
	"subscription_id" smallint DEFAULT 1 NOT NULL,
	"hours_type_id" integer,
	"territory_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"store_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"invited_by_user_id" integer NOT NULL,
	"link_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_invitations" ADD CONSTRAINT "membership_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_invitations" ADD CONSTRAINT "membership_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_invitations_org_email_key" ON "membership_invitations" USING btree ("organization_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_invitations_link_key" ON "membership_invitations" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "membership_invitations_email_idx" ON "membership_invitations" USING btree ("email");
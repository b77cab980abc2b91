-- Issue #29 point 1: a lead an agent hands back is not handed to that agent again before the
-- configured cool-down ends. One row per agent and lead: the last time they handed it back. The
-- hand-out reads the agent's rows through the primary key (user first).
CREATE TABLE "lead_releases" (
	"user_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_releases_user_id_lead_id_pk" PRIMARY KEY("user_id","lead_id")
);
--> statement-breakpoint
ALTER TABLE "lead_releases" ADD CONSTRAINT "lead_releases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_releases" ADD CONSTRAINT "lead_releases_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;

-- Issue #26 point 1 (docs/domain.md "Assignments", "Users, roles and access"): the teams an
-- administrator opened a mission to. A manager sees the leads of the missions opened to the teams
-- they manage (team_members.is_manager) and assigns only there, so assigning can no longer widen
-- their own access. Hand-written like 0028.
CREATE TABLE "mission_teams" (
	"mission_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_teams_mission_id_team_id_pk" PRIMARY KEY("mission_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "mission_teams" ADD CONSTRAINT "mission_teams_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mission_teams" ADD CONSTRAINT "mission_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mission_teams_team_idx" ON "mission_teams" USING btree ("team_id");
--> statement-breakpoint
-- Backfill: each mission is opened to every team one of whose members works it now, so every
-- manager keeps exactly the missions they saw before (the old rule: the missions of their teams'
-- members). Assignments a manager made to widen their own access are carried over too: the audit
-- trail (entity `mission`, action `assign`, by a manager) shows them for an administrator to review.
INSERT INTO "mission_teams" ("mission_id", "team_id")
SELECT DISTINCT mu."mission_id", tm."team_id"
FROM "mission_users" mu
JOIN "team_members" tm ON tm."user_id" = mu."user_id"
JOIN "teams" t ON t."id" = tm."team_id"
WHERE t."archived_at" IS NULL;

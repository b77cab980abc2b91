-- Issue #31 point 5: a display link may be bound to one team (a manager's wall screen shows that
-- team's leaderboard); null is a centre-wide link, as every link before. A deleted team takes its
-- links with it rather than widening them to the whole centre.
ALTER TABLE "display_links" ADD COLUMN "team_id" integer REFERENCES "teams"("id") ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX "display_links_team_idx" ON "display_links" ("team_id");

-- Issue #14 "The leaderboard" (docs/domain.md "Display links"): a wall screen shows the leaderboard
-- without a user's session. An administrator creates a link whose token (32 random bytes, base64url)
-- is shown once and stored here as its SHA-256 only; the link opens GET /api/leaderboard and the live
-- channel `leaderboard`, nothing else, until it is revoked (revoked_at, kept for the record).
CREATE TABLE "display_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" integer,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "display_links" ADD CONSTRAINT "display_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_links" ADD CONSTRAINT "display_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "display_links_token_hash_key" ON "display_links" USING btree ("token_hash");

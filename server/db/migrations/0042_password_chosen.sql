-- A user's password was chosen by them (reset or welcome link used; the demo's seeded accounts): the
-- back office's « Nouveau lien » is for accounts that never chose one, so an administrator cannot take
-- over an account whose owner has a password. Known from the links used so far (a later link deletes
-- the earlier ones, so an account whose used link was replaced counts as never having chosen).
ALTER TABLE "users" ADD COLUMN "password_chosen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" u SET "password_chosen_at" = t.used_at
FROM (SELECT user_id, max(used_at) AS used_at FROM "password_reset_tokens" WHERE used_at IS NOT NULL GROUP BY user_id) t
WHERE t.user_id = u.id;

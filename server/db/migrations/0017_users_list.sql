-- The back office's users list (issue #12 "Users", server/domain/user-list.ts): search by name or
-- e-mail without accents or case, and sort by name, read stored folded values (as the leads' names of
-- migration 0011) instead of calling app_fold on each of thousands of rows per request.
ALTER TABLE "users" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (app_fold(first_name || ' ' || last_name || ' ' || email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (app_fold(last_name || ' ' || first_name)) STORED NOT NULL;--> statement-breakpoint
-- The list's default order (by name, then id) reads its first page from the index.
CREATE INDEX "users_name_folded_idx" ON "users" USING btree ("name_folded", "id");

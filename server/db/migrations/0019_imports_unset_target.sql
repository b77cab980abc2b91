-- Issue #13: an uploaded file is an import before its settings are chosen (POST /api/imports, state
-- 'uploaded'); its mission and market mode are set by PUT /api/imports/{id}/settings.
ALTER TABLE "imports" ALTER COLUMN "mission_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ALTER COLUMN "market_mode" DROP NOT NULL;

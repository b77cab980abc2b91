-- Lead integration and extractions (issue #13): imports with their checkpoint (last_line: a resumed
-- import starts after the last committed batch), the rows they did not write, named column mappings,
-- recorded extractions; a lead remembers its import and file line, unique, so no row is written twice.
CREATE TABLE "extractions" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filters" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"format" text NOT NULL,
	"state" text NOT NULL,
	"row_count" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"stored_file" text,
	"file_size" bigint,
	"expires_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_rejections" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"kind" text NOT NULL,
	"cells" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	CONSTRAINT "import_rejections_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"stored_file" text,
	"file_sha256" text NOT NULL,
	"file_kind" text NOT NULL,
	"encoding" text,
	"delimiter" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mission_id" integer NOT NULL,
	"market_mode" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"mapping_id" integer,
	"duplicate_policy" text NOT NULL,
	"state" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"duplicate_rows" integer DEFAULT 0 NOT NULL,
	"preview" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_line" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"integration_month" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"cancel_requested" integer DEFAULT 0 NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"undo_deleted_count" integer,
	"undo_kept_count" integer,
	"file_expires_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "import_line" integer;--> statement-breakpoint
ALTER TABLE "extractions" ADD CONSTRAINT "extractions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rejections" ADD CONSTRAINT "import_rejections_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_mapping_id_import_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."import_mappings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extractions_created_idx" ON "extractions" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_mappings_name_key" ON "import_mappings" USING btree (app_fold("name"));--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "imports_state_idx" ON "imports" USING btree ("state");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_import_line_key" ON "leads" USING btree ("import_id","import_line") WHERE import_id is not null;
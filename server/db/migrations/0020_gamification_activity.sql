-- Issue #14 "Gamification" and "Speed at real volume" (docs/domain.md "Gamification", "Daily activity"):
-- - xp_ledger: one row per event that earned experience, unique by (source kind, source id), so a
--   replayed webhook or a retried request never earns twice; a tag correction updates its row.
-- - user_badges: each badge earned once, claimed in the event's own transaction.
-- - user_tentacalls: the current count and record of each streak.
-- - daily_activity: per agent and Europe/Paris day (calls, talk time, outcomes, appointments, leads,
--   XP), so reports over a year read a small table. Kept in step by the triggers at the end of this
--   file, in the transaction of every write to calls, lead_tags and xp_ledger (routes, webhooks, the
--   pending-call sweep, the seed alike); rebuildDailyActivity (server/domain/gamification/
--   daily-rebuild.ts) recomputes the same figures from those tables.
CREATE TABLE "daily_activity" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"calls_made" integer DEFAULT 0 NOT NULL,
	"calls_received" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	"tags" integer DEFAULT 0 NOT NULL,
	"tags_by_outcome" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"appointments" integer DEFAULT 0 NOT NULL,
	"leads_processed" integer DEFAULT 0 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_activity_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "user_tentacalls" (
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"current" integer DEFAULT 0 NOT NULL,
	"record" integer DEFAULT 0 NOT NULL,
	"series_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tentacalls_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "xp_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_activity" ADD CONSTRAINT "daily_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tentacalls" ADD CONSTRAINT "user_tentacalls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_ledger" ADD CONSTRAINT "xp_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_activity_day_idx" ON "daily_activity" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_ledger_source_key" ON "xp_ledger" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE INDEX "xp_ledger_user_idx" ON "xp_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
-- Talk time of a call: answered to ended, whole seconds.
CREATE FUNCTION call_talk_seconds(answered timestamptz, ended timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN answered IS NULL OR ended IS NULL THEN 0
    ELSE greatest(0, round(extract(epoch FROM ended - answered)))::integer END
$$;
--> statement-breakpoint
-- Adds (or, with negative numbers, removes) one event's share of a user's Paris day. A row back to
-- all zeros is deleted, so the live table and a rebuild hold the same rows.
CREATE FUNCTION daily_activity_add(p_user integer, p_day date, p_made integer, p_received integer,
  p_answered integer, p_talk integer, p_tags integer, p_tag_key text, p_appointments integer,
  p_leads integer, p_xp integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- A user being deleted (ON DELETE SET NULL / CASCADE of their rows) has no activity left to keep.
  IF p_user IS NULL OR NOT EXISTS (SELECT 1 FROM users WHERE id = p_user) THEN RETURN; END IF;
  INSERT INTO daily_activity AS d (user_id, day, calls_made, calls_received, answered, talk_seconds,
    tags, tags_by_outcome, appointments, leads_processed, xp)
  VALUES (p_user, p_day, p_made, p_received, p_answered, p_talk, p_tags,
    CASE WHEN p_tag_key IS NULL OR p_tags = 0 THEN '{}'::jsonb ELSE jsonb_build_object(p_tag_key, p_tags) END,
    p_appointments, p_leads, p_xp)
  ON CONFLICT (user_id, day) DO UPDATE SET
    calls_made = d.calls_made + p_made,
    calls_received = d.calls_received + p_received,
    answered = d.answered + p_answered,
    talk_seconds = d.talk_seconds + p_talk,
    tags = d.tags + p_tags,
    tags_by_outcome = CASE
      WHEN p_tag_key IS NULL OR p_tags = 0 THEN d.tags_by_outcome
      WHEN coalesce((d.tags_by_outcome ->> p_tag_key)::integer, 0) + p_tags = 0 THEN d.tags_by_outcome - p_tag_key
      ELSE d.tags_by_outcome || jsonb_build_object(p_tag_key, coalesce((d.tags_by_outcome ->> p_tag_key)::integer, 0) + p_tags)
    END,
    appointments = d.appointments + p_appointments,
    leads_processed = d.leads_processed + p_leads,
    xp = d.xp + p_xp;
  IF least(p_made, p_received, p_answered, p_talk, p_tags, p_appointments, p_leads, p_xp) < 0 THEN
    DELETE FROM daily_activity WHERE user_id = p_user AND day = p_day AND calls_made = 0
      AND calls_received = 0 AND answered = 0 AND talk_seconds = 0 AND tags = 0
      AND tags_by_outcome = '{}'::jsonb AND appointments = 0 AND leads_processed = 0 AND xp = 0;
  END IF;
END
$$;
--> statement-breakpoint
-- A call counts on the Paris day it started, for the agent it belongs to.
CREATE FUNCTION daily_activity_calls() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.user_id IS NOT NULL THEN
    PERFORM daily_activity_add(OLD.user_id, (OLD.started_at AT TIME ZONE 'Europe/Paris')::date,
      -(OLD.direction = 'outbound')::integer, -(OLD.direction = 'inbound')::integer,
      -(OLD.answered_at IS NOT NULL)::integer, -call_talk_seconds(OLD.answered_at, OLD.ended_at),
      0, NULL, 0, 0, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.user_id IS NOT NULL THEN
    PERFORM daily_activity_add(NEW.user_id, (NEW.started_at AT TIME ZONE 'Europe/Paris')::date,
      (NEW.direction = 'outbound')::integer, (NEW.direction = 'inbound')::integer,
      (NEW.answered_at IS NOT NULL)::integer, call_talk_seconds(NEW.answered_at, NEW.ended_at),
      0, NULL, 0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calls_daily_activity AFTER INSERT OR DELETE ON calls
FOR EACH ROW EXECUTE FUNCTION daily_activity_calls();
--> statement-breakpoint
-- Only the columns the figures read: tagging a call (lead_tag_id) or linking it costs nothing here.
CREATE TRIGGER calls_daily_activity_update AFTER UPDATE ON calls FOR EACH ROW
WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.started_at IS DISTINCT FROM NEW.started_at
  OR OLD.direction IS DISTINCT FROM NEW.direction OR OLD.answered_at IS DISTINCT FROM NEW.answered_at
  OR OLD.ended_at IS DISTINCT FROM NEW.ended_at)
EXECUTE FUNCTION daily_activity_calls();
--> statement-breakpoint
-- An outcome counts on the Paris day it was recorded, by catalogue tag; a lead counts once a day.
CREATE FUNCTION daily_activity_lead_tags() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_day date;
  v_key text;
  v_first integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.user_id IS NOT NULL THEN
    v_day := (OLD.created_at AT TIME ZONE 'Europe/Paris')::date;
    SELECT tag_id::text INTO v_key FROM call_process_tags WHERE id = OLD.call_process_tag_id;
    v_first := CASE WHEN TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM lead_tags o
      WHERE o.lead_id = OLD.lead_id AND o.user_id = OLD.user_id AND o.id <> OLD.id
        AND (o.created_at AT TIME ZONE 'Europe/Paris')::date = v_day) THEN 1 ELSE 0 END;
    PERFORM daily_activity_add(OLD.user_id, v_day, 0, 0, 0, 0, -1, v_key, 0, -v_first, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.user_id IS NOT NULL THEN
    v_day := (NEW.created_at AT TIME ZONE 'Europe/Paris')::date;
    SELECT tag_id::text INTO v_key FROM call_process_tags WHERE id = NEW.call_process_tag_id;
    v_first := CASE WHEN TG_OP = 'INSERT' AND NOT EXISTS (SELECT 1 FROM lead_tags o
      WHERE o.lead_id = NEW.lead_id AND o.user_id = NEW.user_id AND o.id <> NEW.id
        AND (o.created_at AT TIME ZONE 'Europe/Paris')::date = v_day) THEN 1 ELSE 0 END;
    PERFORM daily_activity_add(NEW.user_id, v_day, 0, 0, 0, 0, 1, v_key, 0, v_first, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lead_tags_daily_activity AFTER INSERT OR DELETE ON lead_tags
FOR EACH ROW EXECUTE FUNCTION daily_activity_lead_tags();
--> statement-breakpoint
-- A correction moves the outcome from one tag to another (its recorder and day stay).
CREATE TRIGGER lead_tags_daily_activity_update AFTER UPDATE ON lead_tags FOR EACH ROW
WHEN (OLD.call_process_tag_id IS DISTINCT FROM NEW.call_process_tag_id)
EXECUTE FUNCTION daily_activity_lead_tags();
--> statement-breakpoint
-- Experience counts on the Paris day it was earned; a booking's ledger row is the appointment count.
CREATE FUNCTION daily_activity_xp() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM daily_activity_add(OLD.user_id, (OLD.created_at AT TIME ZONE 'Europe/Paris')::date,
      0, 0, 0, 0, 0, NULL, -(OLD.source_kind = 'appointment')::integer, 0, -OLD.points);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM daily_activity_add(NEW.user_id, (NEW.created_at AT TIME ZONE 'Europe/Paris')::date,
      0, 0, 0, 0, 0, NULL, (NEW.source_kind = 'appointment')::integer, 0, NEW.points);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER xp_ledger_daily_activity AFTER INSERT OR UPDATE OR DELETE ON xp_ledger
FOR EACH ROW EXECUTE FUNCTION daily_activity_xp();

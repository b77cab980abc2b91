-- Issue #26 point 2 (docs/domain.md "SMS", "Guards"): the send log records the guards' refusals —
-- a cap reached (`refused-limit`), a country the configuration does not allow (`refused-country`), a
-- number the sender changed less than an hour before (`refused-number-changed`) — and the per-agent
-- cap counts one sender's SMS of the last hour through an index on (sent_by, created_at).
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_status_check";
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_status_check" CHECK ("status" in ('queued', 'sent', 'delivered', 'failed', 'refused-opt-out', 'refused-quiet-hours', 'refused-limit', 'refused-country', 'refused-number-changed'));
--> statement-breakpoint
CREATE INDEX "sms_messages_sent_by_idx" ON "sms_messages" USING btree ("sent_by","created_at");

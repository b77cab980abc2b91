-- Issue #30 point 5: an SMS send attempt is marked before Aircall is called and cleared once its
-- outcome is recorded. A job that finds the mark (its process died between the two) cannot know whether
-- Aircall took the SMS: it logs « Envoi incertain » instead of sending again.
ALTER TABLE "sms_messages" ADD COLUMN "attempt_started_at" timestamp with time zone;

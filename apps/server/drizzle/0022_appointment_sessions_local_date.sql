ALTER TABLE "appointment_sessions" ADD COLUMN "local_date" date GENERATED ALWAYS AS ((starts_at at time zone time_zone)::date) STORED;--> statement-breakpoint
-- The availability search matches sessions on their local date: these covering indexes replace the
-- ones keyed by the instant, so the days become index conditions rather than filters.
DROP INDEX "appointment_sessions_available_idx";--> statement-breakpoint
DROP INDEX "appointment_sessions_available_time_idx";--> statement-breakpoint
CREATE INDEX "appointment_sessions_available_idx" ON "appointment_sessions" ("tenant_id", "specialist_id", "local_date")
  INCLUDE ("starts_at", "centre_id", "appointment_type")
  WHERE NOT "is_deleted" AND "slot_status" IN (3, 4);--> statement-breakpoint
CREATE INDEX "appointment_sessions_available_day_idx" ON "appointment_sessions" ("tenant_id", "local_date")
  INCLUDE ("specialist_id", "starts_at", "centre_id", "appointment_type")
  WHERE NOT "is_deleted" AND "slot_status" IN (3, 4);
--> statement-breakpoint
-- A search by days alone leaves out specialists who are inactive or deleted: a small set, read whole.
CREATE INDEX "specialists_unavailable_idx" ON "specialists" ("tenant_id", "id") WHERE "is_deleted" OR NOT "is_active";

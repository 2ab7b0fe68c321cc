-- The availability search's covering indexes also hold each session's end, so a search asking for a room
-- or an interpreter (which checks the resources for the session's whole time) reads its matching sessions
-- from the index alone, as the search without them does.
DROP INDEX "appointment_sessions_available_idx";--> statement-breakpoint
DROP INDEX "appointment_sessions_available_day_idx";--> statement-breakpoint
CREATE INDEX "appointment_sessions_available_idx" ON "appointment_sessions" ("tenant_id", "specialist_id", "local_date")
  INCLUDE ("starts_at", "centre_id", "appointment_type", "ends_at")
  WHERE NOT "is_deleted" AND "slot_status" IN (3, 4);--> statement-breakpoint
CREATE INDEX "appointment_sessions_available_day_idx" ON "appointment_sessions" ("tenant_id", "local_date")
  INCLUDE ("specialist_id", "starts_at", "centre_id", "appointment_type", "ends_at")
  WHERE NOT "is_deleted" AND "slot_status" IN (3, 4);

-- The availability search reads unbooked sessions only from these indexes (index-only scans): by
-- specialist and time when the search names specialists (a specialty, a name, an e-mail), by time
-- alone when it does not. The included columns are what the search filters and groups on.
CREATE INDEX "appointment_sessions_available_idx" ON "appointment_sessions" ("tenant_id", "specialist_id", "starts_at")
  INCLUDE ("time_zone", "centre_id", "appointment_type")
  WHERE NOT "is_deleted" AND "slot_status" IN (3, 4);
--> statement-breakpoint
CREATE INDEX "appointment_sessions_available_time_idx" ON "appointment_sessions" ("tenant_id", "starts_at")
  INCLUDE ("specialist_id", "time_zone", "centre_id", "appointment_type")
  WHERE NOT "is_deleted" AND "slot_status" IN (3, 4);

-- A specialist cannot be in two sessions at once: PostgreSQL refuses any two live sessions of the same
-- specialist whose time ranges overlap, so two bookings can never hold the same time even when they
-- race. btree_gist (trusted since PostgreSQL 13; PGlite loads it at start-up) lets the equality columns
-- share the GiST index with the range.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointment_sessions" ADD CONSTRAINT "appointment_sessions_no_overlap"
  EXCLUDE USING gist ("tenant_id" WITH =, "specialist_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE (NOT "is_deleted");

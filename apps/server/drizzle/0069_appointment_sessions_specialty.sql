ALTER TABLE "appointment_sessions" ADD COLUMN "specialty_id" uuid;--> statement-breakpoint
-- Each session keeps its specialist's specialty (specialty_id), so that the availability search by specialty
-- reads one range of a covering index by specialty and day (a week of one specialty is a few leaf pages)
-- instead of one descent into the index by specialist for each of the specialty's specialists. Triggers keep
-- it: a session's own when it is written or changes specialist, a specialist's sessions when their specialty
-- changes.
UPDATE appointment_sessions a SET specialty_id = sp.specialty_id
FROM specialists sp
WHERE sp.tenant_id = a.tenant_id AND sp.id = a.specialist_id AND sp.specialty_id IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebook_session_specialty() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.specialty_id := (SELECT sp.specialty_id FROM specialists sp
    WHERE sp.tenant_id = NEW.tenant_id AND sp.id = NEW.specialist_id);
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER appointment_sessions_specialty
BEFORE INSERT OR UPDATE OF specialist_id, specialty_id ON appointment_sessions
FOR EACH ROW EXECUTE FUNCTION casebook_session_specialty();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebook_specialist_sessions_specialty() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.specialty_id IS DISTINCT FROM OLD.specialty_id THEN
    UPDATE appointment_sessions SET specialty_id = NEW.specialty_id
    WHERE tenant_id = NEW.tenant_id AND specialist_id = NEW.id AND specialty_id IS DISTINCT FROM NEW.specialty_id;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER specialists_sessions_specialty
AFTER UPDATE OF specialty_id ON specialists
FOR EACH ROW EXECUTE FUNCTION casebook_specialist_sessions_specialty();
--> statement-breakpoint
CREATE INDEX "appointment_sessions_available_specialty_idx" ON "appointment_sessions" ("tenant_id", "specialty_id", "local_date")
  INCLUDE ("specialist_id", "starts_at", "centre_id", "appointment_type", "ends_at", "room_free")
  WHERE NOT "is_deleted" AND "slot_status" IN (3, 4);--> statement-breakpoint
-- The live specialists of a specialty, from the index alone (the search's candidates).
CREATE INDEX "specialists_live_specialty_idx" ON "specialists" ("tenant_id", "specialty_id") INCLUDE ("id")
  WHERE NOT "is_deleted" AND "is_active";

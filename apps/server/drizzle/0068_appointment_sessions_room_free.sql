ALTER TABLE "appointment_sessions" ADD COLUMN "room_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_sessions" ADD CONSTRAINT "appointment_sessions_length_check" CHECK ("appointment_sessions"."ends_at" <= "appointment_sessions"."starts_at" + interval '12 hours');--> statement-breakpoint
-- Whether a session that is free to book has a room of its centre open and not held for its whole time
-- (room_free), kept by the database: the availability search's "needs a room" is then a column of its
-- covering indexes, as cheap as a search without it, instead of a check of every room of every matching
-- session. Triggers keep it: a session's own when its centre, time, zone or status changes; the sessions a
-- room hold overlaps when the hold is made, moved or let go; a centre's sessions when its rooms, their
-- hours or the centre itself change. Each takes the centre's lock first (casebook_lock_centre_rooms), so a
-- change is computed after any other change of the centre's rooms has committed, not beside it.
--
-- A time lies in one stretch of working hours (a jsonb array of { weekday, from, to }, wall-clock times read in
-- the zone): withinWorkingHours in packages/domain. The availability search checks interpreters with it too.
CREATE OR REPLACE FUNCTION casebook_within_hours(p_hours jsonb, p_starts timestamptz, p_ends timestamptz, p_zone text)
RETURNS boolean LANGUAGE sql STABLE AS $fn$
  SELECT EXISTS (SELECT 1 FROM jsonb_to_recordset(p_hours) AS w(weekday int, "from" text, "to" text)
    WHERE w.weekday = extract(isodow FROM p_starts AT TIME ZONE p_zone)
      AND w."from"::time <= (p_starts AT TIME ZONE p_zone)::time
      AND (p_ends AT TIME ZONE p_zone) <= (p_starts AT TIME ZONE p_zone)::date + w."to"::time)
$fn$;
--> statement-breakpoint
-- A room is open for a time when the centre gives it no working hours, or its own stretches hold the time.
CREATE OR REPLACE FUNCTION casebook_room_open(p_hours jsonb, p_room text, p_starts timestamptz, p_ends timestamptz, p_zone text)
RETURNS boolean LANGUAGE sql STABLE AS $fn$
  SELECT o.own = '[]'::jsonb OR casebook_within_hours(o.own, p_starts, p_ends, p_zone)
  FROM (SELECT coalesce(jsonb_agg(x.v), '[]'::jsonb) AS own
    FROM jsonb_array_elements(coalesce(p_hours, '[]'::jsonb)) AS x(v) WHERE lower(x.v->>'room') = lower(p_room)) o
$fn$;
--> statement-breakpoint
-- A room of the centre is open and no live hold of it overlaps the time. The live holds of one room never
-- overlap each other (resource_holds_room_no_overlap), so only the last one starting before the time ends
-- can overlap it: one backward step of resource_holds_room_span_idx per room.
CREATE OR REPLACE FUNCTION casebook_room_free(p_tenant uuid, p_centre uuid, p_starts timestamptz, p_ends timestamptz, p_zone text)
RETURNS boolean LANGUAGE sql STABLE AS $fn$
  SELECT EXISTS (
    SELECT 1 FROM centres c CROSS JOIN LATERAL unnest(c.rooms) AS r(name)
    WHERE c.tenant_id = p_tenant AND c.id = p_centre AND NOT c.is_deleted
      AND casebook_room_open(c.room_hours, r.name, p_starts, p_ends, p_zone)
      AND coalesce((SELECT h.ends_at FROM resource_holds h
          WHERE h.tenant_id = p_tenant AND h.kind = 'ROOM' AND NOT h.released AND h.centre_id = p_centre
            AND h.room = r.name AND h.starts_at < p_ends
          ORDER BY h.starts_at DESC LIMIT 1) <= p_starts, true))
$fn$;
--> statement-breakpoint
-- The lock under which a centre's rooms change and its sessions' room_free is computed, until the
-- transaction ends.
CREATE OR REPLACE FUNCTION casebook_lock_centre_rooms(p_centre uuid) RETURNS void LANGUAGE sql AS $fn$
  SELECT pg_advisory_xact_lock(7402012, hashtext(p_centre::text))
$fn$;
--> statement-breakpoint
-- Recomputes room_free of the centre's sessions free to book that start in [p_from, p_to) and end after
-- p_after (a session lasts at most 12 hours: appointment_sessions_length_check), writing only changes.
CREATE OR REPLACE FUNCTION casebook_refresh_room_free(p_tenant uuid, p_centre uuid, p_from timestamptz, p_to timestamptz, p_after timestamptz)
RETURNS void LANGUAGE sql AS $fn$
  UPDATE appointment_sessions a SET room_free = f.free
  FROM (SELECT s.tenant_id, s.id, casebook_room_free(s.tenant_id, s.centre_id, s.starts_at, s.ends_at, s.time_zone) AS free
      FROM appointment_sessions s
      WHERE s.tenant_id = p_tenant AND s.centre_id = p_centre AND NOT s.is_deleted AND s.slot_status IN (3, 4)
        AND s.starts_at >= p_from AND s.starts_at < p_to AND s.ends_at > p_after) f
  WHERE a.tenant_id = f.tenant_id AND a.id = f.id AND a.room_free IS DISTINCT FROM f.free
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebook_session_room_free() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.centre_id IS NOT DISTINCT FROM OLD.centre_id AND NEW.starts_at = OLD.starts_at
      AND NEW.ends_at = OLD.ends_at AND NEW.time_zone = OLD.time_zone AND NEW.slot_status = OLD.slot_status
      AND NEW.is_deleted = OLD.is_deleted THEN
    RETURN NEW;
  END IF;
  IF NEW.centre_id IS NULL OR NEW.is_deleted OR NEW.slot_status NOT IN (3, 4) THEN
    NEW.room_free := false;
  ELSE
    PERFORM casebook_lock_centre_rooms(NEW.centre_id);
    NEW.room_free := casebook_room_free(NEW.tenant_id, NEW.centre_id, NEW.starts_at, NEW.ends_at, NEW.time_zone);
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER appointment_sessions_room_free
BEFORE INSERT OR UPDATE OF centre_id, starts_at, ends_at, time_zone, slot_status, is_deleted ON appointment_sessions
FOR EACH ROW EXECUTE FUNCTION casebook_session_room_free();
--> statement-breakpoint
-- A hold takes a lock before it is written: a room hold its centre's (so that room_free is computed after
-- any other change of the centre's rooms has committed), an interpreter hold the interpreter's. Two bookings
-- of one resource then wait for each other in turn, and the later one meets the earlier one's committed
-- hold in the exclusion constraint (a 409); without the lock both could insert, each wait for the other's
-- check, and one be ended as a deadlock.
CREATE OR REPLACE FUNCTION casebook_hold_lock() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.kind = 'ROOM' THEN
    PERFORM casebook_lock_centre_rooms(OLD.centre_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.kind = 'ROOM' THEN
    PERFORM casebook_lock_centre_rooms(NEW.centre_id);
  END IF;
  -- Only a hold that starts to hold: letting one go conflicts with nothing (and a release taking the lock
  -- after its room's centre could wait the other way round from a booking).
  IF TG_OP <> 'DELETE' AND NEW.kind = 'INTERPRETER' AND NOT NEW.released AND (TG_OP = 'INSERT' OR OLD.released) THEN
    PERFORM pg_advisory_xact_lock(7402013, hashtext(NEW.interpreter_id::text));
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER resource_holds_lock
BEFORE INSERT OR UPDATE OR DELETE ON resource_holds
FOR EACH ROW EXECUTE FUNCTION casebook_hold_lock();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebook_hold_room_free() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- Let go or taken back (only `released` changed): its time is computed once.
  IF TG_OP <> 'INSERT' AND OLD.kind = 'ROOM' AND NOT (TG_OP = 'UPDATE' AND NEW.kind = 'ROOM'
      AND NEW.centre_id = OLD.centre_id AND NEW.starts_at = OLD.starts_at AND NEW.ends_at = OLD.ends_at) THEN
    PERFORM casebook_refresh_room_free(OLD.tenant_id, OLD.centre_id, OLD.starts_at - interval '12 hours',
      OLD.ends_at, OLD.starts_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.kind = 'ROOM' THEN
    PERFORM casebook_refresh_room_free(NEW.tenant_id, NEW.centre_id, NEW.starts_at - interval '12 hours',
      NEW.ends_at, NEW.starts_at);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER resource_holds_room_free
AFTER INSERT OR UPDATE OR DELETE ON resource_holds
FOR EACH ROW EXECUTE FUNCTION casebook_hold_room_free();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION casebook_centre_room_free() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.rooms IS DISTINCT FROM OLD.rooms OR NEW.room_hours IS DISTINCT FROM OLD.room_hours
      OR NEW.is_deleted IS DISTINCT FROM OLD.is_deleted THEN
    PERFORM casebook_lock_centre_rooms(NEW.id);
    PERFORM casebook_refresh_room_free(NEW.tenant_id, NEW.id, '-infinity', 'infinity', '-infinity');
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER centres_room_free
AFTER UPDATE OF rooms, room_hours, is_deleted ON centres
FOR EACH ROW EXECUTE FUNCTION casebook_centre_room_free();
--> statement-breakpoint
DROP INDEX "appointment_sessions_available_idx";--> statement-breakpoint
DROP INDEX "appointment_sessions_available_day_idx";--> statement-breakpoint
UPDATE appointment_sessions SET room_free = casebook_room_free(tenant_id, centre_id, starts_at, ends_at, time_zone)
WHERE centre_id IS NOT NULL AND NOT is_deleted AND slot_status IN (3, 4);--> statement-breakpoint
CREATE INDEX "appointment_sessions_available_idx" ON "appointment_sessions" ("tenant_id", "specialist_id", "local_date")
  INCLUDE ("starts_at", "centre_id", "appointment_type", "ends_at", "room_free")
  WHERE NOT "is_deleted" AND "slot_status" IN (3, 4);--> statement-breakpoint
CREATE INDEX "appointment_sessions_available_day_idx" ON "appointment_sessions" ("tenant_id", "local_date")
  INCLUDE ("specialist_id", "starts_at", "centre_id", "appointment_type", "ends_at", "room_free")
  WHERE NOT "is_deleted" AND "slot_status" IN (3, 4);

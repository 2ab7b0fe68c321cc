-- Every new notification is announced on the channel casebook_notification once its transaction commits
-- (NOTIFY is transactional): the real-time hub of every server process listens and pushes it to the
-- recipient's open browsers. The payload is only "tenant id:notification id"; the hub reads the row.
CREATE OR REPLACE FUNCTION notification_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('casebook_notification', NEW.tenant_id::text || ':' || NEW.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION notification_announce();

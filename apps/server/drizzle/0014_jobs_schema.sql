-- Background jobs (pg-boss) keep their queue in their own schema, owned by the application role:
-- pg-boss creates and upgrades its tables there itself, on PGlite and on PostgreSQL alike.
CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION casebook_app;
--> statement-breakpoint
-- Cross-process fan-out of real-time messages (socket.io's PostgreSQL adapter) keeps large payloads here.
CREATE SCHEMA IF NOT EXISTS realtime AUTHORIZATION casebook_app;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS realtime.socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
--> statement-breakpoint
ALTER TABLE realtime.socket_io_attachments OWNER TO casebook_app;

CREATE TABLE "system_errors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"occurred_in_tenant_id" uuid,
	"user_id" uuid,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"error_type" text NOT NULL,
	"message" text NOT NULL,
	"stack" text NOT NULL,
	"request_id" text NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolved_by_name" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "system_errors_open_fingerprint_key" ON "system_errors" USING btree ("fingerprint") WHERE not "system_errors"."is_resolved";--> statement-breakpoint
CREATE INDEX "system_errors_last_seen_idx" ON "system_errors" USING btree ("is_resolved","last_seen");--> statement-breakpoint
COMMENT ON TABLE system_errors IS 'casebook:system';

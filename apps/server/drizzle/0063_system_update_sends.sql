CREATE TABLE "system_update_sends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"system_update_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" uuid NOT NULL,
	"sent_by_name" text NOT NULL,
	"tenant_count" integer NOT NULL,
	"recipients" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "system_update_sends" ADD CONSTRAINT "system_update_sends_system_update_id_system_updates_id_fk" FOREIGN KEY ("system_update_id") REFERENCES "public"."system_updates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_update_sends_update_idx" ON "system_update_sends" USING btree ("system_update_id","sent_at");--> statement-breakpoint
COMMENT ON TABLE system_update_sends IS 'casebook:system';

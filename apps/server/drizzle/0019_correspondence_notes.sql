CREATE TABLE "correspondence_notes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"from_module" text NOT NULL,
	"object_id" uuid NOT NULL,
	"communication_type" text NOT NULL,
	"category" text,
	"contact_name" text,
	"content" text NOT NULL,
	"contact_time" timestamp with time zone NOT NULL,
	"creator_id" uuid,
	"creator_name" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "correspondence_notes_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "correspondence_notes" ADD CONSTRAINT "correspondence_notes_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correspondence_notes_object_idx" ON "correspondence_notes" USING btree ("tenant_id","object_id","contact_time");
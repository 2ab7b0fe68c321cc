CREATE TABLE "attachments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" text NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"attachment_type_id" uuid,
	"attachment_from" text NOT NULL,
	"object_id" uuid NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"is_cleanup" boolean DEFAULT false NOT NULL,
	"summary_text" text,
	"text_status" text DEFAULT 'pending' NOT NULL,
	"text_content" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("attachments"."name", '')), 'A') || to_tsvector('english', coalesce("attachments"."text_content", ''))) STORED,
	CONSTRAINT "attachments_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" text NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"extension" text NOT NULL,
	"content_type" text NOT NULL,
	"size_in_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"number_of_pages" integer,
	"is_content_removed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "files_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenant_storage" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"limit_bytes" bigint
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_file_fkey" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."files"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_attachment_type_fkey" FOREIGN KEY ("tenant_id","attachment_type_id") REFERENCES "public"."attachment_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_storage" ADD CONSTRAINT "tenant_storage_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_tenant_creation_idx" ON "attachments" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "attachments_object_idx" ON "attachments" USING btree ("tenant_id","attachment_from","object_id");--> statement-breakpoint
CREATE INDEX "attachments_search_idx" ON "attachments" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "files_tenant_creation_idx" ON "files" USING btree ("tenant_id","creation_time");
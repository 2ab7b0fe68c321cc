CREATE TABLE "eml_mailboxes" (
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
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"secure" boolean NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"folder" text NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_sync_time" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "eml_mailboxes_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "eml_proposals" (
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
	"message_key" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"subject" text,
	"from_email" text,
	"from_name" text,
	"received_time" timestamp with time zone,
	"claimant_first_name" text,
	"claimant_last_name" text,
	"claimant_date_of_birth" date,
	"company_name" text,
	"case_manager_email" text,
	"appointment_date" date,
	"appointment_time" text,
	"notes" text,
	"problems" text[] DEFAULT '{}' NOT NULL,
	"case_id" uuid,
	"decided_by_id" uuid,
	"decided_time" timestamp with time zone,
	CONSTRAINT "eml_proposals_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
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
	"case_id" uuid,
	"kind" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_time" timestamp with time zone,
	CONSTRAINT "sms_messages_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
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
	"phone_number" text NOT NULL,
	"source" text NOT NULL,
	"opted_out_time" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_opt_outs_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "telephony_calls" (
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
	"provider" text NOT NULL,
	"telephony_session_id" text NOT NULL,
	"case_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"result" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"phone_number" text,
	"contact_name" text,
	"start_time" timestamp with time zone NOT NULL,
	"correspondence_note_id" uuid NOT NULL,
	CONSTRAINT "telephony_calls_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "uhg_case_links" (
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
	"case_id" uuid NOT NULL,
	"claimant_no" text NOT NULL,
	"uhg_case_id" text NOT NULL,
	"member_name" text,
	"uhg_status" text,
	"appointment_synced_time" timestamp with time zone,
	"synced_appointment" text,
	"paperwork_sent_time" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "uhg_case_links_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "eml_mailboxes" ADD CONSTRAINT "eml_mailboxes_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eml_proposals" ADD CONSTRAINT "eml_proposals_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telephony_calls" ADD CONSTRAINT "telephony_calls_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uhg_case_links" ADD CONSTRAINT "uhg_case_links_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eml_mailboxes_tenant_creation_idx" ON "eml_mailboxes" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "eml_mailboxes_tenant_idx" ON "eml_mailboxes" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "eml_proposals_tenant_creation_idx" ON "eml_proposals" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "eml_proposals_message_idx" ON "eml_proposals" USING btree ("tenant_id","message_key");--> statement-breakpoint
CREATE INDEX "eml_proposals_status_idx" ON "eml_proposals" USING btree ("tenant_id","status","creation_time");--> statement-breakpoint
CREATE INDEX "sms_messages_tenant_creation_idx" ON "sms_messages" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "sms_messages_case_idx" ON "sms_messages" USING btree ("tenant_id","case_id","creation_time");--> statement-breakpoint
CREATE INDEX "sms_messages_to_idx" ON "sms_messages" USING btree ("to_number");--> statement-breakpoint
CREATE INDEX "sms_opt_outs_tenant_creation_idx" ON "sms_opt_outs" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_opt_outs_number_idx" ON "sms_opt_outs" USING btree ("tenant_id","phone_number");--> statement-breakpoint
CREATE INDEX "telephony_calls_tenant_creation_idx" ON "telephony_calls" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "telephony_calls_session_idx" ON "telephony_calls" USING btree ("tenant_id","provider","telephony_session_id");--> statement-breakpoint
CREATE INDEX "telephony_calls_case_idx" ON "telephony_calls" USING btree ("tenant_id","case_id");--> statement-breakpoint
CREATE INDEX "uhg_case_links_tenant_creation_idx" ON "uhg_case_links" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uhg_case_links_case_idx" ON "uhg_case_links" USING btree ("tenant_id","case_id");
CREATE TABLE "video_meeting_participants" (
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
	"meeting_id" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"secret" text NOT NULL,
	"first_join_time" timestamp with time zone,
	"last_email_time" timestamp with time zone,
	CONSTRAINT "video_meeting_participants_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "video_meetings" (
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
	"status" text NOT NULL,
	"video_app_type" text NOT NULL,
	"first_join_time" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"closed_time" timestamp with time zone,
	"close_reason" text,
	"alternative_video_link" text,
	"alternative_meeting_id" text,
	"alternative_meeting_passcode" text,
	CONSTRAINT "video_meetings_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "video_meeting_participants" ADD CONSTRAINT "video_meeting_participants_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_meeting_participants" ADD CONSTRAINT "video_meeting_participants_meeting_fkey" FOREIGN KEY ("tenant_id","meeting_id") REFERENCES "public"."video_meetings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_meetings" ADD CONSTRAINT "video_meetings_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_meetings" ADD CONSTRAINT "video_meetings_case_fkey" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_meeting_participants_tenant_creation_idx" ON "video_meeting_participants" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "video_meeting_participants_role_idx" ON "video_meeting_participants" USING btree ("tenant_id","meeting_id","role");--> statement-breakpoint
CREATE INDEX "video_meetings_tenant_creation_idx" ON "video_meetings" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "video_meetings_case_idx" ON "video_meetings" USING btree ("tenant_id","case_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "video_meetings_one_open_idx" ON "video_meetings" USING btree ("tenant_id","case_id") WHERE "video_meetings"."status" = 'OPEN' and "video_meetings"."is_deleted" = false;
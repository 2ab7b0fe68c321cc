ALTER TABLE "centres" ADD COLUMN "room_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "interpreters" ADD COLUMN "working_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;
CREATE TABLE "system_updates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "system_updates_published_idx" ON "system_updates" USING btree ("published_at") WHERE "system_updates"."published_at" is not null;--> statement-breakpoint
COMMENT ON TABLE system_updates IS 'casebook:global';
--> statement-breakpoint
-- The product's first updates, shown to every user under Account → Product Updates.
INSERT INTO system_updates (id, version, title, content, published_at) VALUES
('019ac4a0-0000-7000-8000-000000000001', '2026.10', 'Typist jobs, time tracking and LMQ checklists',
 E'Dictations can be sent to a typist from a case''s Dictations step; the typist sees them on their dashboard and uploads the typed report, which is filed on the case.\n\nTime spent on cases can be recorded and reported under Time Tracking.\n\nLMQ checklists and inquiries are available to tenants with the LMQ and Inquiry Centre features.',
 '2026-10-30T00:00:00Z'),
('019ac4a0-0000-7000-8000-000000000002', '2026.11', 'Combined Task Search and account pages',
 E'Combined Task Search finds cases of every service by case number or claimant, claimants, case managers and specialists by name, e-mail or phone, and documents by the words of their name, in one box. Each result opens its record in a new tab.\n\nAction Required Search lists the open action items of your cases, soonest due first, with filters for overdue items, items due today or this week, the service and your own items.\n\nSpecialists, case managers and contractors have their own profile pages under Account, and administrators see the organisation''s edition, features and storage under Subscription.',
 '2026-11-27T00:00:00Z');

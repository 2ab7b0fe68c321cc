DROP INDEX "resource_holds_room_start_idx";--> statement-breakpoint
DROP INDEX "resource_holds_interpreter_start_idx";--> statement-breakpoint
CREATE INDEX "resource_holds_room_span_idx" ON "resource_holds" USING btree ("tenant_id","centre_id","room","starts_at","ends_at") WHERE "resource_holds"."kind" = 'ROOM' and not "resource_holds"."released";--> statement-breakpoint
CREATE INDEX "resource_holds_interpreter_span_idx" ON "resource_holds" USING btree ("tenant_id","interpreter_id","starts_at","ends_at") WHERE "resource_holds"."kind" = 'INTERPRETER' and not "resource_holds"."released";
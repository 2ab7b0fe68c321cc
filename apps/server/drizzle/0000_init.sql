CREATE TABLE "entity_changes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"change_type" text NOT NULL,
	"property_name" text,
	"original_value" text,
	"new_value" text,
	"user_id" uuid,
	"user_name" text,
	"impersonator_user_id" uuid,
	"change_time" timestamp with time zone NOT NULL,
	CONSTRAINT "entity_changes_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"algorithm" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"edition_name" text NOT NULL,
	"is_host" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"timezone" text DEFAULT 'Australia/Sydney' NOT NULL,
	"default_country_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modification_time" timestamp with time zone,
	"concurrency_stamp" text NOT NULL,
	CONSTRAINT "tenants_name_key" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "cities" (
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
	"state" text,
	"postcode" text,
	"country_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cities_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "countries" (
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
	"code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "countries_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "entity_changes" ADD CONSTRAINT "entity_changes_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_fkey" FOREIGN KEY ("tenant_id","country_id") REFERENCES "public"."countries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_tenant_fkey" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entity_changes_entity_idx" ON "entity_changes" USING btree ("tenant_id","entity_id","change_time");--> statement-breakpoint
CREATE INDEX "cities_tenant_creation_idx" ON "cities" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_key" ON "cities" USING btree ("tenant_id","country_id",lower("name"),coalesce("state", '')) WHERE not "cities"."is_deleted";--> statement-breakpoint
CREATE INDEX "cities_name_idx" ON "cities" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "cities_country_idx" ON "cities" USING btree ("tenant_id","country_id","name");--> statement-breakpoint
CREATE INDEX "countries_tenant_creation_idx" ON "countries" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_key" ON "countries" USING btree ("tenant_id","code") WHERE not "countries"."is_deleted";--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("tenant_id","name");
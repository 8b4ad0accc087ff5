ALTER TABLE "gym_locations" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "gym_locations" ADD COLUMN "custom_domain" varchar(253);--> statement-breakpoint
ALTER TABLE "gym_locations" ADD COLUMN "custom_domain_token" varchar(64);--> statement-breakpoint
ALTER TABLE "gym_locations" ADD COLUMN "custom_domain_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gym_locations" ADD COLUMN "custom_domain_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "gym_locations_verified_custom_domain_key" ON "gym_locations" USING btree (lower("custom_domain")) WHERE "gym_locations"."custom_domain_verified_at" is not null;
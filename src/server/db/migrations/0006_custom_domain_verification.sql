DROP INDEX "users_custom_domain_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "custom_domain_token" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "custom_domain_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "custom_domain_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_custom_domain_key" ON "users" USING btree (lower("custom_domain")) WHERE "users"."custom_domain_verified_at" is not null;--> statement-breakpoint
-- Domains saved before verification existed stay saved but serve nothing until their owner verifies them.
UPDATE "users" SET "custom_domain_token" = replace(gen_random_uuid()::text, '-', ''), "custom_domain_added_at" = "updated_at" WHERE "custom_domain" IS NOT NULL;

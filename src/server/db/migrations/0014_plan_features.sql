ALTER TABLE "playback_sessions" ADD COLUMN "furthest_position" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hero_image_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_font" varchar(32);--> statement-breakpoint
UPDATE "playback_sessions" SET "furthest_position" = "last_position";

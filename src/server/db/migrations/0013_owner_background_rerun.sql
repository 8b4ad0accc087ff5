ALTER TABLE "videos" ADD COLUMN "background_id" varchar(32);--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "reenhance_requested_at" timestamp with time zone;
ALTER TABLE "videos" ADD COLUMN "preview_state" varchar(8) DEFAULT 'none' NOT NULL;--> statement-breakpoint
UPDATE "videos" SET "preview_state" = 'ended' WHERE "preview_url" IS NOT NULL;

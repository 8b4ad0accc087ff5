ALTER TABLE "videos" ADD COLUMN "logo_corner" varchar(12);--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "logo_size_percent" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "logo_opacity_percent" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "enhancement_report" jsonb;
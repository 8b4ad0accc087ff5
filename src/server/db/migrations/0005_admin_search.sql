CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_company_name_trgm_idx" ON "users" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_title_trgm_idx" ON "videos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_file_name_trgm_idx" ON "videos" USING gin ("original_file_name" gin_trgm_ops);
CREATE TABLE "session" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"size" bigint,
	"content_type" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "uploads_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "slug_redirects" (
	"slug" varchar(50) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"password" text NOT NULL,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"profile_image_url" text,
	"company_name" varchar(100),
	"company_type" varchar(32),
	"company_slug" varchar(50),
	"company_description" varchar(500),
	"company_logo_url" text,
	"onboarding_completed" text DEFAULT 'false' NOT NULL,
	"is_admin" text DEFAULT 'false' NOT NULL,
	"plan" varchar(32) DEFAULT 'spin-starter' NOT NULL,
	"contact_email" varchar(254),
	"phone" varchar(32),
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_student_activity" boolean DEFAULT true NOT NULL,
	"notify_weekly_reports" boolean DEFAULT true NOT NULL,
	"brand_primary_color" varchar(7) DEFAULT '#ff4500' NOT NULL,
	"brand_secondary_color" varchar(7) DEFAULT '#1a1a1a' NOT NULL,
	"custom_domain" varchar(253),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" varchar(32) NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16),
	"notes" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(1000),
	"original_file_name" varchar(255) NOT NULL,
	"original_file_url" text NOT NULL,
	"enhanced_file_url" text,
	"file_size" text NOT NULL,
	"duration" text,
	"processing_status" varchar(16) DEFAULT 'uploaded' NOT NULL,
	"processing_notes" varchar(500),
	"replace_background" boolean DEFAULT false NOT NULL,
	"background_description" varchar(500),
	"add_logo" boolean DEFAULT false NOT NULL,
	"logo_file_url" text,
	"enhancement_notes" varchar(1000),
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enhanced_at" timestamp with time zone,
	"original_key" text,
	"enhanced_key" text,
	"logo_key" text,
	"thumbnail_url" text,
	"preview_url" text,
	"hls_url" text,
	"width" integer,
	"height" integer,
	"video_codec" varchar(32),
	"audio_codec" varchar(32),
	"progress" integer,
	"size_bytes" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slug_redirects" ADD CONSTRAINT "slug_redirects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_events" ADD CONSTRAINT "video_events_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_events" ADD CONSTRAINT "video_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_expire_idx" ON "session" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploads_status_created_idx" ON "uploads" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_slug_key" ON "users" USING btree ("company_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "users_custom_domain_key" ON "users" USING btree (lower("custom_domain"));--> statement-breakpoint
CREATE INDEX "video_events_video_idx" ON "video_events" USING btree ("video_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_user_uploaded_idx" ON "videos" USING btree ("user_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "videos_status_uploaded_idx" ON "videos" USING btree ("processing_status","uploaded_at");
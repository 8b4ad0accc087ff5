CREATE TABLE "session" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp with time zone NOT NULL
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
	"enhanced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_expire_idx" ON "session" USING btree ("expire");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_slug_key" ON "users" USING btree ("company_slug");--> statement-breakpoint
CREATE INDEX "videos_user_uploaded_idx" ON "videos" USING btree ("user_id","uploaded_at");
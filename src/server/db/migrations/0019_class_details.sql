CREATE TABLE "instructors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" varchar(80) NOT NULL,
	"photo_url" text,
	"photo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "instructor_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "difficulty" varchar(12);--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "class_type" varchar(40);--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "music" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "equipment_notes" varchar(500);--> statement-breakpoint
ALTER TABLE "instructors" ADD CONSTRAINT "instructors_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instructors_owner_idx" ON "instructors" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instructors_owner_name_key" ON "instructors" USING btree ("owner_id",lower("name"));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_instructor_idx" ON "videos" USING btree ("instructor_id");
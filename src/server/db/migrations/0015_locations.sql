CREATE TABLE "gym_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"slug" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"primary_color" varchar(7),
	"secondary_color" varchar(7),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gym_locations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "video_locations" (
	"video_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "video_locations_video_id_location_id_pk" PRIMARY KEY("video_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "playback_sessions" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "offered_at_main" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "gym_locations" ADD CONSTRAINT "gym_locations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_locations" ADD CONSTRAINT "video_locations_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_locations" ADD CONSTRAINT "video_locations_location_id_gym_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."gym_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gym_locations_owner_idx" ON "gym_locations" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "video_locations_location_idx" ON "video_locations" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "playback_sessions" ADD CONSTRAINT "playback_sessions_location_id_gym_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."gym_locations"("id") ON DELETE set null ON UPDATE no action;
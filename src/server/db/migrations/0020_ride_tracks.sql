CREATE TABLE "class_tempo" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"points" jsonb NOT NULL,
	"detector" varchar(64) NOT NULL,
	"speed" real,
	"analyzed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_tracks" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"segments" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_tempo" ADD CONSTRAINT "class_tempo_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_tracks" ADD CONSTRAINT "ride_tracks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
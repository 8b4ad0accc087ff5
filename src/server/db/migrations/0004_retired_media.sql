CREATE TABLE "retired_media" (
	"prefix" text PRIMARY KEY NOT NULL,
	"video_id" uuid NOT NULL,
	"version" varchar(64) NOT NULL,
	"delete_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retired_media" ADD CONSTRAINT "retired_media_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_media_delete_after_idx" ON "retired_media" USING btree ("delete_after");--> statement-breakpoint
CREATE INDEX "retired_media_video_idx" ON "retired_media" USING btree ("video_id","version");
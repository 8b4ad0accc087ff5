CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"from_plan" varchar(32) NOT NULL,
	"to_plan" varchar(32) NOT NULL,
	"provider" varchar(32) NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"external_ref" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playback_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"video_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"viewer_id" varchar(64) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	"last_position" real DEFAULT 0 NOT NULL,
	"view_counted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_sessions" ADD CONSTRAINT "playback_sessions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_sessions" ADD CONSTRAINT "playback_sessions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_changes_user_created_idx" ON "plan_changes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "playback_sessions_owner_started_idx" ON "playback_sessions" USING btree ("owner_id","started_at");--> statement-breakpoint
CREATE INDEX "playback_sessions_video_started_idx" ON "playback_sessions" USING btree ("video_id","started_at");--> statement-breakpoint
CREATE INDEX "playback_sessions_viewer_video_idx" ON "playback_sessions" USING btree ("viewer_id","video_id","started_at");--> statement-breakpoint
CREATE INDEX "playback_sessions_counted_idx" ON "playback_sessions" USING btree ("video_id","viewer_id","view_counted_at") WHERE "playback_sessions"."view_counted_at" is not null;
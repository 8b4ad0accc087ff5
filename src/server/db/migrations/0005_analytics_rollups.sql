CREATE TABLE "analytics_days" (
	"owner_id" uuid NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"sessions" integer NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "analytics_days_owner_id_time_zone_day_pk" PRIMARY KEY("owner_id","time_zone","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"owner_id" uuid NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"watermark" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_rollups_owner_id_time_zone_pk" PRIMARY KEY("owner_id","time_zone")
);
--> statement-breakpoint
CREATE TABLE "analytics_video_days" (
	"owner_id" uuid NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"video_id" uuid NOT NULL,
	"sessions" integer NOT NULL,
	"views" integer NOT NULL,
	"watched_seconds" double precision NOT NULL,
	"share_sum" double precision NOT NULL,
	"share_count" integer NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"hour_views" integer[] NOT NULL,
	CONSTRAINT "analytics_video_days_owner_id_time_zone_day_video_id_pk" PRIMARY KEY("owner_id","time_zone","day","video_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_video_last_days" (
	"owner_id" uuid NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"video_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "analytics_video_last_days_owner_id_time_zone_video_id_day_pk" PRIMARY KEY("owner_id","time_zone","video_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_video_viewers" (
	"owner_id" uuid NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"video_id" uuid NOT NULL,
	"viewer_id" varchar(64) NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "analytics_video_viewers_owner_id_time_zone_video_id_viewer_id_pk" PRIMARY KEY("owner_id","time_zone","video_id","viewer_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_viewer_days" (
	"owner_id" uuid NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"block" integer NOT NULL,
	"viewer_id" varchar(64) NOT NULL,
	"bits" bigint NOT NULL,
	CONSTRAINT "analytics_viewer_days_owner_id_time_zone_block_viewer_id_pk" PRIMARY KEY("owner_id","time_zone","block","viewer_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_rollups" ADD CONSTRAINT "analytics_rollups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video_days" ADD CONSTRAINT "analytics_video_days_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video_days" ADD CONSTRAINT "analytics_video_days_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video_last_days" ADD CONSTRAINT "analytics_video_last_days_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video_last_days" ADD CONSTRAINT "analytics_video_last_days_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video_viewers" ADD CONSTRAINT "analytics_video_viewers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video_viewers" ADD CONSTRAINT "analytics_video_viewers_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_viewer_days" ADD CONSTRAINT "analytics_viewer_days_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playback_sessions_owner_seen_idx" ON "playback_sessions" USING btree ("owner_id","last_seen_at");
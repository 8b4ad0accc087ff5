CREATE TABLE "screen_pairings" (
	"poll_hash" varchar(64) PRIMARY KEY NOT NULL,
	"code" varchar(6) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"screen_id" uuid,
	CONSTRAINT "screen_pairings_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "screens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"location_id" uuid,
	"name" varchar(60) NOT NULL,
	"token_hash" varchar(64),
	"paired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "screens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "timetable_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"location_id" uuid,
	"video_id" uuid NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"all_screens" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_entry_screens" (
	"entry_id" uuid NOT NULL,
	"screen_id" uuid NOT NULL,
	CONSTRAINT "timetable_entry_screens_entry_id_screen_id_pk" PRIMARY KEY("entry_id","screen_id")
);
--> statement-breakpoint
ALTER TABLE "screen_pairings" ADD CONSTRAINT "screen_pairings_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_location_id_gym_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."gym_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_location_id_gym_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."gym_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entry_screens" ADD CONSTRAINT "timetable_entry_screens_entry_id_timetable_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."timetable_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entry_screens" ADD CONSTRAINT "timetable_entry_screens_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screen_pairings_expires_idx" ON "screen_pairings" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "screens_owner_idx" ON "screens" USING btree ("owner_id","paired_at");--> statement-breakpoint
CREATE INDEX "timetable_entries_owner_idx" ON "timetable_entries" USING btree ("owner_id","day_of_week","start_minute");--> statement-breakpoint
CREATE INDEX "timetable_entries_video_idx" ON "timetable_entries" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "timetable_entries_location_idx" ON "timetable_entries" USING btree ("location_id") WHERE "timetable_entries"."location_id" is not null;--> statement-breakpoint
CREATE INDEX "timetable_entry_screens_screen_idx" ON "timetable_entry_screens" USING btree ("screen_id");
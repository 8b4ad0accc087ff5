CREATE TABLE "program_classes" (
	"program_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "program_classes_program_id_position_pk" PRIMARY KEY("program_id","position")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(1000) DEFAULT '' NOT NULL,
	"classes_per_week" smallint DEFAULT 3 NOT NULL,
	"cover_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "program_classes" ADD CONSTRAINT "program_classes_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_classes" ADD CONSTRAINT "program_classes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "program_classes_program_video_key" ON "program_classes" USING btree ("program_id","video_id");--> statement-breakpoint
CREATE INDEX "program_classes_video_idx" ON "program_classes" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "programs_owner_idx" ON "programs" USING btree ("owner_id","created_at");
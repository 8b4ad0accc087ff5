CREATE TABLE "location_slug_redirects" (
	"slug" varchar(50) PRIMARY KEY NOT NULL,
	"location_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_slug_redirects" ADD CONSTRAINT "location_slug_redirects_location_id_gym_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."gym_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_slug_redirects_location_idx" ON "location_slug_redirects" USING btree ("location_id","created_at");
CREATE TABLE "home_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot" text DEFAULT 'home' NOT NULL,
	"hero_title" text,
	"hero_text" text,
	"hero_image_url" text,
	"story_title" text,
	"story_text" text,
	"banner_image_url" text,
	"banner_link" text,
	"banner_alt" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "home_content" ADD CONSTRAINT "home_content_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "home_content_slot_idx" ON "home_content" USING btree ("slot");--> statement-breakpoint
-- A home page edit changes what storefront pages show: cached pages are dropped (as in 0002).
CREATE TRIGGER home_content_storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON home_content
	FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();

CREATE TYPE "public"."review_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"locale" text NOT NULL,
	"author_name" text NOT NULL,
	"country" text NOT NULL,
	"status" "review_status" DEFAULT 'pending' NOT NULL,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_rating" CHECK ("product_reviews"."rating" between 1 and 5),
	CONSTRAINT "product_reviews_text_length" CHECK (char_length("product_reviews"."text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_order_product_idx" ON "product_reviews" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_status_idx" ON "product_reviews" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_status_created_idx" ON "product_reviews" USING btree ("status","created_at");--> statement-breakpoint
-- Product pages show approved reviews (ADR 0268): a review becoming, ceasing to be or changing while
-- approved drops the cached pages (ADR 0091). Pending and rejected ones are the admin's alone, so
-- the many writes that never show do not empty the cache.
CREATE TRIGGER product_reviews_shown_inserted AFTER INSERT ON product_reviews
	FOR EACH ROW WHEN (NEW.status = 'approved')
	EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER product_reviews_shown_updated AFTER UPDATE ON product_reviews
	FOR EACH ROW WHEN (OLD.status = 'approved' OR NEW.status = 'approved')
	EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER product_reviews_shown_deleted AFTER DELETE ON product_reviews
	FOR EACH ROW WHEN (OLD.status = 'approved')
	EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER product_reviews_storefront_changed AFTER TRUNCATE ON product_reviews
	FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();

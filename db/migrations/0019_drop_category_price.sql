ALTER TABLE "categories" DROP CONSTRAINT "categories_price_cents_range";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "price_cents";
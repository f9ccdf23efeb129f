DROP INDEX "products_price_asc_idx";--> statement-breakpoint
DROP INDEX "products_price_desc_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_now_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The price charged at a moment (ADR 0262): the sale price while the sale is on, else the regular
-- price. The rule of domain/sale-price.ts's effectivePriceCents; the integration tests hold the two
-- to the same answers.
CREATE FUNCTION product_price_at(price integer, sale integer, starts timestamptz, ends timestamptz, at timestamptz) RETURNS integer
	LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN sale IS NOT NULL AND starts <= at AND at < ends THEN sale ELSE price END
$$;
--> statement-breakpoint
-- Every write of the price or the sale sets the price charged now; the moment a scheduled sale starts
-- or ends, the shop's sale-boundary timer refreshes it (server/catalog/sale-prices.ts).
CREATE FUNCTION set_product_price_now() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.price_now_cents := product_price_at(NEW.price_cents, NEW.sale_price_cents, NEW.sale_starts_at, NEW.sale_ends_at, now());
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_price_now BEFORE INSERT OR UPDATE OF price_cents, sale_price_cents, sale_starts_at, sale_ends_at ON products
	FOR EACH ROW EXECUTE FUNCTION set_product_price_now();
--> statement-breakpoint
UPDATE products SET price_now_cents = product_price_at(price_cents, sale_price_cents, sale_starts_at, sale_ends_at, now());--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products" USING btree ("price_now_cents","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree ("price_now_cents" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";

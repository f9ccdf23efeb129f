DROP INDEX "products_sitemap_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_of" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_names" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_values" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
-- Checked at commit: a backup loads products in chunks, and a variant may come before its product.
ALTER TABLE "products" ADD CONSTRAINT "products_variant_of_products_id_fk" FOREIGN KEY ("variant_of") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE INDEX "products_variant_of_idx" ON "products" USING btree ("variant_of","variant_position") WHERE "products"."variant_of" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_idx" ON "products" USING btree ("sku") WHERE "products"."sku" is not null;--> statement-breakpoint
CREATE INDEX "products_sitemap_idx" ON "products" USING btree ("sitemap_number","is_active","variant_of","updated_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_values" CHECK ("products"."variant_of" is null or jsonb_array_length("products"."option_values") > 0);--> statement-breakpoint
-- A listed product's units sold include its variants' (ADR 0264), so the best-sellers order ranks the
-- product a customer sees: a variant line's units go to the variant and to its product.
CREATE OR REPLACE FUNCTION order_items_count_sold_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD.product_id IS NOT NULL AND OLD.sold_units <> 0 THEN
		UPDATE products SET sold_units = sold_units - OLD.sold_units
			WHERE id = OLD.product_id OR id = (SELECT variant_of FROM products WHERE id = OLD.product_id);
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.product_id IS NOT NULL AND NEW.sold_units <> 0 THEN
		UPDATE products SET sold_units = sold_units + NEW.sold_units
			WHERE id = NEW.product_id OR id = (SELECT variant_of FROM products WHERE id = NEW.product_id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Lines are touched product family by product family (a variant beside its product), so two payments
-- that share products, or variants of the same product, lock them in the same order and never deadlock.
CREATE OR REPLACE FUNCTION recount_order_sold_units(target_order_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	line record;
BEGIN
	FOR line IN SELECT i.id FROM order_items i LEFT JOIN products p ON p.id = i.product_id
		WHERE i.order_id = target_order_id ORDER BY coalesce(p.variant_of, i.product_id), i.product_id, i.id LOOP
		UPDATE order_items SET sold_units = sold_units WHERE id = line.id;
	END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recount_all_sold_units() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	UPDATE order_items SET sold_units = order_line_sold_units(order_id, id, quantity)
		WHERE sold_units IS DISTINCT FROM order_line_sold_units(order_id, id, quantity);
	UPDATE products p SET sold_units = counted.units
		FROM (
			SELECT p2.id, (
				coalesce((SELECT sum(i.sold_units) FROM order_items i WHERE i.product_id = p2.id), 0)
				+ coalesce((SELECT sum(i.sold_units) FROM products v JOIN order_items i ON i.product_id = v.id WHERE v.variant_of = p2.id), 0)
			)::integer AS units
			FROM products p2
		) counted
		WHERE counted.id = p.id AND p.sold_units <> counted.units;
END
$$;

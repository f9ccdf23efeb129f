ALTER TABLE "products" ADD COLUMN "sold_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sold_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products" USING btree ("price_cents","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree ("price_cents" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_related_idx" ON "products" USING btree ("category_id",("stock" = 0),"created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_bestsellers_idx" ON "products" USING btree ("sold_units" DESC NULLS FIRST,("badges" @> '["Bestseller"]'::jsonb) desc,"created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
-- Units sold per product, kept by the database (ADR 0165). Each order line holds what it adds to
-- its product's figure: its quantity less the units refunded on that line, while the order is
-- paid; 0 otherwise. Any write that can change that (a payment, a full or line refund, an order
-- or line deleted, an order anonymised) touches the line, which recomputes it, and the difference
-- goes to products.sold_units in the same transaction.
CREATE FUNCTION order_line_sold_units(line_order_id uuid, line_id uuid, line_quantity integer) RETURNS integer LANGUAGE sql STABLE AS $$
	SELECT coalesce((
		SELECT greatest(line_quantity - coalesce((
			SELECT sum((refunded.value ->> 'quantity')::integer)
			FROM order_refunds r
			CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.lines) = 'array' THEN r.lines ELSE '[]'::jsonb END) AS refunded
			WHERE r.order_id = line_order_id AND r.status = 'succeeded' AND refunded.value ->> 'itemId' = line_id::text
		), 0), 0)
		FROM orders o WHERE o.id = line_order_id AND o.payment_status = 'paid'
	), 0)
$$;
--> statement-breakpoint
CREATE FUNCTION order_items_set_sold_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.sold_units := order_line_sold_units(NEW.order_id, NEW.id, NEW.quantity);
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION order_items_count_sold_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD.product_id IS NOT NULL AND OLD.sold_units <> 0 THEN
		UPDATE products SET sold_units = sold_units - OLD.sold_units WHERE id = OLD.product_id;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.product_id IS NOT NULL AND NEW.sold_units <> 0 THEN
		UPDATE products SET sold_units = sold_units + NEW.sold_units WHERE id = NEW.product_id;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Touches an order's lines (so each recomputes its figure), in product order: two payments
-- that share products lock them in the same order and never deadlock.
CREATE FUNCTION recount_order_sold_units(target_order_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	line record;
BEGIN
	FOR line IN SELECT id FROM order_items WHERE order_id = target_order_id ORDER BY product_id, id LOOP
		UPDATE order_items SET sold_units = sold_units WHERE id = line.id;
	END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION orders_count_sold_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM recount_order_sold_units(NEW.id);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION order_refunds_count_sold_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM recount_order_sold_units(CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END);
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every figure from scratch: the backfill below, and a restore once its rows are loaded.
CREATE FUNCTION recount_all_sold_units() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	UPDATE order_items SET sold_units = order_line_sold_units(order_id, id, quantity)
		WHERE sold_units IS DISTINCT FROM order_line_sold_units(order_id, id, quantity);
	UPDATE products p SET sold_units = counted.units
		FROM (SELECT p2.id, coalesce(sum(i.sold_units), 0)::integer AS units FROM products p2 LEFT JOIN order_items i ON i.product_id = p2.id GROUP BY p2.id) counted
		WHERE counted.id = p.id AND p.sold_units <> counted.units;
END
$$;
--> statement-breakpoint
SELECT recount_all_sold_units();
--> statement-breakpoint
CREATE TRIGGER order_items_set_sold_units BEFORE INSERT OR UPDATE ON order_items
	FOR EACH ROW EXECUTE FUNCTION order_items_set_sold_units();
--> statement-breakpoint
CREATE TRIGGER order_items_count_sold_units_changed AFTER UPDATE ON order_items
	FOR EACH ROW WHEN (OLD.sold_units IS DISTINCT FROM NEW.sold_units OR OLD.product_id IS DISTINCT FROM NEW.product_id)
	EXECUTE FUNCTION order_items_count_sold_units();
--> statement-breakpoint
CREATE TRIGGER order_items_count_sold_units AFTER INSERT OR DELETE ON order_items
	FOR EACH ROW EXECUTE FUNCTION order_items_count_sold_units();
--> statement-breakpoint
CREATE TRIGGER orders_count_sold_units AFTER UPDATE OF payment_status ON orders
	FOR EACH ROW WHEN ((OLD.payment_status = 'paid') IS DISTINCT FROM (NEW.payment_status = 'paid'))
	EXECUTE FUNCTION orders_count_sold_units();
--> statement-breakpoint
CREATE TRIGGER order_refunds_count_sold_units_changed AFTER UPDATE ON order_refunds
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.lines IS DISTINCT FROM NEW.lines OR OLD.order_id IS DISTINCT FROM NEW.order_id)
	EXECUTE FUNCTION order_refunds_count_sold_units();
--> statement-breakpoint
CREATE TRIGGER order_refunds_count_sold_units_added AFTER INSERT ON order_refunds
	FOR EACH ROW WHEN (NEW.status = 'succeeded')
	EXECUTE FUNCTION order_refunds_count_sold_units();
--> statement-breakpoint
CREATE TRIGGER order_refunds_count_sold_units_removed AFTER DELETE ON order_refunds
	FOR EACH ROW WHEN (OLD.status = 'succeeded')
	EXECUTE FUNCTION order_refunds_count_sold_units();

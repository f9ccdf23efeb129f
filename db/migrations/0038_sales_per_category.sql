CREATE TABLE "sales_category_days" (
	"day" date NOT NULL,
	"category_id" uuid,
	"units" integer NOT NULL,
	"net" numeric NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_category_days_day_idx" ON "sales_category_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sales_line_days_product_idx" ON "sales_line_days" USING btree ("product_id","day");--> statement-breakpoint
-- A range of days' sales per category, counted again from their sales_line_days by each product's
-- category now: the one place the report's refresh, a restore and this migration count them.
CREATE FUNCTION count_sales_category_days(first_day date, last_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM sales_category_days WHERE day BETWEEN first_day AND last_day;
	INSERT INTO sales_category_days (day, category_id, units, net)
	SELECT l.day, coalesce(parent.category_id, p.category_id), sum(l.units), sum(l.net)
	FROM sales_line_days l
	LEFT JOIN products p ON p.id = l.product_id
	LEFT JOIN products parent ON parent.id = p.variant_of
	WHERE l.day BETWEEN first_day AND last_day
	GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
-- A product that changes category (or stops or starts being a variant), or is deleted, notes every
-- day it or its variants sold on, so the next report files those sales under the category it is in now.
CREATE FUNCTION products_note_sales_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('shop.bulk_load', true) = 'on' THEN
		RETURN NULL;
	END IF;
	INSERT INTO sales_day_changes (day)
	SELECT DISTINCT l.day FROM sales_line_days l
	WHERE l.product_id = OLD.id OR l.product_id IN (SELECT v.id FROM products v WHERE v.variant_of = OLD.id);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_note_sales_days_on_move AFTER UPDATE OF category_id, variant_of ON products
	FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.variant_of IS DISTINCT FROM NEW.variant_of)
	EXECUTE FUNCTION products_note_sales_days();
--> statement-breakpoint
CREATE TRIGGER products_note_sales_days_on_delete AFTER DELETE ON products
	FOR EACH ROW EXECUTE FUNCTION products_note_sales_days();
--> statement-breakpoint
-- Every day from scratch, as the report's refresh counts a day (server/reports/sales-report.ts): a
-- restore once its rows are loaded (backups leave these derived tables out), and the history here.
CREATE OR REPLACE FUNCTION recount_all_sales_line_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM sales_day_changes;
	DELETE FROM sales_line_days;
	INSERT INTO sales_line_days (day, product_id, line_name, name, units, net)
	SELECT (o.paid_at AT TIME ZONE 'Europe/Bucharest')::date, i.product_id, CASE WHEN i.product_id IS NULL THEN i.name END, min(i.name), sum(i.sold_units),
		coalesce(sum(i.unit_price_cents * i.sold_units
			* ((o.subtotal_cents - coalesce((o.discount ->> 'goodsCents')::int, 0))::numeric / nullif(o.subtotal_cents, 0)
			* (o.total_cents - o.refunded_cents) / nullif(o.total_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE coalesce((
				SELECT sum(r.amount_cents) FROM order_refunds r
				WHERE r.order_id = o.id AND r.status = 'succeeded' AND jsonb_typeof(r.lines) = 'array'), 0) END, 0))), 0)
	FROM orders o JOIN order_items i ON i.order_id = o.id
	WHERE o.payment_status IN ('paid', 'refunded') AND NOT o.test_mode AND o.paid_at IS NOT NULL AND i.sold_units > 0
	GROUP BY 1, 2, 3;
	PERFORM count_sales_category_days('-infinity', 'infinity');
END
$$;
--> statement-breakpoint
SELECT count_sales_category_days('-infinity', 'infinity');

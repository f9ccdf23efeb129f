CREATE TABLE "sales_order_days" (
	"day" date NOT NULL,
	"country" text NOT NULL,
	"orders" integer NOT NULL,
	"gross" bigint NOT NULL,
	"refunded" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_order_days_day_idx" ON "sales_order_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_checkouts_idx" ON "orders" USING btree ("created_at","payment_status") WHERE not "orders"."test_mode";--> statement-breakpoint
-- A range of days' paid orders per shipping country, counted again from the orders: the one place
-- the report's refresh, a restore and this migration count them (ADR 0271).
CREATE FUNCTION count_sales_order_days(first_day date, last_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM sales_order_days WHERE day BETWEEN first_day AND last_day;
	INSERT INTO sales_order_days (day, country, orders, gross, refunded)
	SELECT (o.paid_at AT TIME ZONE 'Europe/Bucharest')::date, coalesce(o.shipping_address ->> 'country', ''),
		count(*) FILTER (WHERE o.payment_status = 'paid'), sum(o.total_cents), sum(o.refunded_cents)
	FROM orders o
	WHERE o.payment_status IN ('paid', 'refunded') AND NOT o.test_mode
		AND o.paid_at >= (first_day::timestamp AT TIME ZONE 'Europe/Bucharest')
		AND o.paid_at < ((last_day + 1)::timestamp AT TIME ZONE 'Europe/Bucharest')
	GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
-- A paid order's new shipping country moves its sale to another country's row: the change notes its day too.
DROP TRIGGER orders_note_sales_days ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_note_sales_days AFTER INSERT OR DELETE OR UPDATE OF payment_status, paid_at, test_mode, subtotal_cents, total_cents, refunded_cents, discount, shipping_address ON orders
	FOR EACH ROW EXECUTE FUNCTION orders_note_sales_days();
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
	PERFORM count_sales_order_days('-infinity', 'infinity');
END
$$;
--> statement-breakpoint
SELECT count_sales_order_days('-infinity', 'infinity');

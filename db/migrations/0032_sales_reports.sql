CREATE TABLE "sales_day_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_day_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_line_days" (
	"day" date NOT NULL,
	"product_id" uuid,
	"line_name" text,
	"name" text NOT NULL,
	"units" integer NOT NULL,
	"net" numeric NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_line_days_day_idx" ON "sales_line_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_sales_paid_idx" ON "orders" USING btree ("paid_at","payment_status","total_cents","refunded_cents") WHERE "orders"."payment_status" in ('paid', 'refunded') and not "orders"."test_mode";--> statement-breakpoint
-- A write that can change a day's sales (a payment, a refund, a paid order's total or time, test
-- money, an order deleted) notes the day it was paid, and the day it was paid before; the next sales
-- report counts those days again (ADR 0271). A plain insert, so concurrent payments never wait on it.
CREATE FUNCTION orders_note_sales_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A restore loads orders in bulk, then counts every day once (recount_all_sales_line_days).
	IF current_setting('shop.bulk_load', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' AND OLD.paid_at IS NOT NULL THEN
		INSERT INTO sales_day_changes (day) VALUES ((OLD.paid_at AT TIME ZONE 'Europe/Bucharest')::date);
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.paid_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.paid_at IS DISTINCT FROM NEW.paid_at) THEN
		INSERT INTO sales_day_changes (day) VALUES ((NEW.paid_at AT TIME ZONE 'Europe/Bucharest')::date);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_note_sales_days AFTER INSERT OR DELETE OR UPDATE OF payment_status, paid_at, test_mode, subtotal_cents, total_cents, refunded_cents, discount ON orders
	FOR EACH ROW EXECUTE FUNCTION orders_note_sales_days();
--> statement-breakpoint
-- Every day from scratch, as the report's refresh counts a day (server/reports/sales-report.ts): the
-- history below, and a restore once its rows are loaded (backups leave these derived tables out).
CREATE FUNCTION recount_all_sales_line_days() RETURNS void LANGUAGE plpgsql AS $$
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
END
$$;
--> statement-breakpoint
SELECT recount_all_sales_line_days();

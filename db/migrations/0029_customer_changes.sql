CREATE TABLE "customer_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL
);
--> statement-breakpoint
-- The customers list's figures (ADR 0263) are counted when read, not in the transaction that changes
-- an order: counting there took a lock per customer in the middle of checkouts and payments that
-- already held row locks, and two of them could wait on each other. The triggers now only note the
-- emails they touched; apply_customer_changes counts those again before the list is read.
CREATE FUNCTION queue_customer_changes(targets text[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO customer_changes (email)
	SELECT DISTINCT target FROM unnest(targets) target WHERE target IS NOT NULL AND target <> 'deleted@invalid';
$$;
--> statement-breakpoint
-- One count at a time (a second waits, then finds the queue emptied). Changes committed while it
-- counts stay queued for the next one.
CREATE FUNCTION apply_customer_changes() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	targets text[];
BEGIN
	PERFORM pg_advisory_xact_lock(1263, 0);
	WITH taken AS (DELETE FROM customer_changes RETURNING email)
	SELECT array_agg(DISTINCT email) INTO targets FROM taken;
	IF targets IS NOT NULL THEN
		PERFORM count_customers(targets);
	END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recount_all_customers() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM customer_changes;
	DELETE FROM customers;
	PERFORM count_customers(array(SELECT lower(email) FROM orders UNION SELECT lower(email) FROM "user"));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_count_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('shop.bulk_load', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		PERFORM queue_customer_changes(array(SELECT lower(email) FROM new_orders));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM queue_customer_changes(array(SELECT lower(email) FROM old_orders));
	ELSE
		PERFORM queue_customer_changes(array(
			SELECT changed.email FROM old_orders o JOIN new_orders n ON n.id = o.id
			CROSS JOIN LATERAL (VALUES (lower(o.email)), (lower(n.email))) changed(email)
			WHERE (o.email, o.payment_status, o.payment_processing_at, o.archived_at, o.test_mode, o.total_cents, o.refunded_cents, o.created_at, o.shipping_address ->> 'fullName')
				IS DISTINCT FROM (n.email, n.payment_status, n.payment_processing_at, n.archived_at, n.test_mode, n.total_cents, n.refunded_cents, n.created_at, n.shipping_address ->> 'fullName')));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_count_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('shop.bulk_load', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		PERFORM queue_customer_changes(array(SELECT lower(email) FROM new_users));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM queue_customer_changes(array(SELECT lower(email) FROM old_users));
	ELSE
		PERFORM queue_customer_changes(array(
			SELECT changed.email FROM old_users o JOIN new_users n ON n.id = o.id
			CROSS JOIN LATERAL (VALUES (lower(o.email)), (lower(n.email))) changed(email)
			WHERE (o.email, o.name) IS DISTINCT FROM (n.email, n.name)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION recount_customers(text[]);

-- Trigram indexes answer the admin's substring searches (ADR 0263); pg_trgm ships with PostgreSQL
-- and with PGlite, which loads it when the shop opens its database (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "customers" (
	"email" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"user_id" text,
	"order_count" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	"admin_search" text GENERATED ALWAYS AS (("email") || ' ' || ("name") || ' ' || translate(lower(("email") || ' ' || ("name")), 'àáâãäåāăąÀÁÂÃÄÅĀĂĄçćčĉċÇĆČĈĊďđĎĐèéêëēĕėęěÈÉÊËĒĔĖĘĚğĝġģĞĜĠĢìíîïīĭįıÌÍÎÏĪĬĮİľĺļłĽĹĻŁñńňņÑŃŇŅòóôõöøōŏőÒÓÔÕÖØŌŎŐŕřŗŔŘŖśšşșŝŚŠŞȘŜťţțŤŢȚùúûüūŭůűųÙÚÛÜŪŬŮŰŲýÿÝŸźżžŹŻŽ', 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeeggggggggiiiiiiiiiiiiiiiillllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttuuuuuuuuuuuuuuuuuuyyyyzzzzzz')) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "admin_search" text GENERATED ALWAYS AS (("name") || ' ' || ("slug") || ' ' || translate(lower(("name") || ' ' || ("slug")), 'àáâãäåāăąÀÁÂÃÄÅĀĂĄçćčĉċÇĆČĈĊďđĎĐèéêëēĕėęěÈÉÊËĒĔĖĘĚğĝġģĞĜĠĢìíîïīĭįıÌÍÎÏĪĬĮİľĺļłĽĹĻŁñńňņÑŃŇŅòóôõöøōŏőÒÓÔÕÖØŌŎŐŕřŗŔŘŖśšşșŝŚŠŞȘŜťţțŤŢȚùúûüūŭůűųÙÚÛÜŪŬŮŰŲýÿÝŸźżžŹŻŽ', 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeeggggggggiiiiiiiiiiiiiiiillllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttuuuuuuuuuuuuuuuuuuyyyyzzzzzz')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (translate(lower("name"), 'àáâãäåāăąÀÁÂÃÄÅĀĂĄçćčĉċÇĆČĈĊďđĎĐèéêëēĕėęěÈÉÊËĒĔĖĘĚğĝġģĞĜĠĢìíîïīĭįıÌÍÎÏĪĬĮİľĺļłĽĹĻŁñńňņÑŃŇŅòóôõöøōŏőÒÓÔÕÖØŌŎŐŕřŗŔŘŖśšşșŝŚŠŞȘŜťţțŤŢȚùúûüūŭůűųÙÚÛÜŪŬŮŰŲýÿÝŸźżžŹŻŽ', 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeeggggggggiiiiiiiiiiiiiiiillllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttuuuuuuuuuuuuuuuuuuyyyyzzzzzz')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_recent_idx" ON "customers" USING btree ("last_order_at" DESC NULLS LAST,"email");--> statement-breakpoint
CREATE INDEX "customers_admin_search_idx" ON "customers" USING gin ("admin_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_lower_idx" ON "user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "products_admin_search_idx" ON "products" USING gin ("admin_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_admin_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_admin_search_idx" ON "orders" USING gin ((("orders"."email") || ' ' || (coalesce("orders"."shipping_address" ->> 'fullName', '')) || ' ' || (coalesce("orders"."shipping_address" ->> 'phone', '')) || ' ' || (regexp_replace(coalesce("orders"."shipping_address" ->> 'phone', ''), '[^0-9]', '', 'g')) || ' ' || (coalesce("orders"."shipping_address" ->> 'city', '')) || ' ' || (coalesce("orders"."tracking_number", '')) || ' ' || ("orders"."id"::text) || ' ' || translate(lower(("orders"."email") || ' ' || (coalesce("orders"."shipping_address" ->> 'fullName', '')) || ' ' || (coalesce("orders"."shipping_address" ->> 'phone', '')) || ' ' || (regexp_replace(coalesce("orders"."shipping_address" ->> 'phone', ''), '[^0-9]', '', 'g')) || ' ' || (coalesce("orders"."shipping_address" ->> 'city', '')) || ' ' || (coalesce("orders"."tracking_number", '')) || ' ' || ("orders"."id"::text)), 'àáâãäåāăąÀÁÂÃÄÅĀĂĄçćčĉċÇĆČĈĊďđĎĐèéêëēĕėęěÈÉÊËĒĔĖĘĚğĝġģĞĜĠĢìíîïīĭįıÌÍÎÏĪĬĮİľĺļłĽĹĻŁñńňņÑŃŇŅòóôõöøōŏőÒÓÔÕÖØŌŎŐŕřŗŔŘŖśšşșŝŚŠŞȘŜťţțŤŢȚùúûüūŭůűųÙÚÛÜŪŬŮŰŲýÿÝŸźżžŹŻŽ', 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeeggggggggiiiiiiiiiiiiiiiillllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttuuuuuuuuuuuuuuuuuuyyyyzzzzzz')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("email"));
--> statement-breakpoint
-- The customers list's figures (ADR 0263), kept by the database: each change to orders or accounts
-- counts its emails again from their own rows (a handful per email, through the lower(email)
-- indexes), in the same transaction, so any write path — checkout, payment, refund, cancel, archive,
-- erasure, an account renamed or deleted — keeps them right. Counting again rather than adding
-- differences keeps "latest order" and "name on it" right when that order is archived.
CREATE FUNCTION count_customers(targets text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM customers WHERE email = ANY (targets);
	INSERT INTO customers (email, name, user_id, order_count, paid_cents, last_order_at)
	SELECT people.email, coalesce(nullif(account.name, ''), stats.order_name, ''), account.id,
		stats.order_count, stats.paid_cents, stats.last_order_at
	FROM (SELECT DISTINCT target AS email FROM unnest(targets) target WHERE target IS NOT NULL AND target <> 'deleted@invalid') people
	CROSS JOIN LATERAL (
		SELECT count(*) AS orders,
			count(*) FILTER (WHERE placed.real AND o.archived_at IS NULL)::integer AS order_count,
			coalesce(sum(CASE WHEN o.payment_status = 'paid' AND NOT o.test_mode AND o.archived_at IS NULL
				THEN o.total_cents - o.refunded_cents ELSE 0 END), 0)::bigint AS paid_cents,
			max(o.created_at) FILTER (WHERE placed.real AND o.archived_at IS NULL) AS last_order_at,
			(array_agg(o.shipping_address ->> 'fullName' ORDER BY (placed.real AND o.archived_at IS NULL) DESC, o.created_at DESC))[1] AS order_name
		FROM orders o
		CROSS JOIN LATERAL (SELECT (o.payment_status IN ('paid', 'refunded') OR (o.payment_status = 'pending' AND o.payment_processing_at IS NOT NULL)) AS real) placed
		WHERE lower(o.email) = people.email AND o.email <> 'deleted@invalid'
	) stats
	LEFT JOIN LATERAL (SELECT u.id, u.name FROM "user" u WHERE lower(u.email) = people.email ORDER BY u.id LIMIT 1) account ON true
	WHERE stats.orders > 0 OR account.id IS NOT NULL;
END
$$;
--> statement-breakpoint
-- The triggers' way in: two transactions changing one customer's orders take turns, so the second
-- counts what the first committed. The locks are per share of the emails (taken in one order), not
-- per email: a bulk load in one transaction (a restore) holds at most that many.
CREATE FUNCTION recount_customers(targets text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	share integer;
BEGIN
	FOR share IN SELECT DISTINCT hashtext(t) & 1023 FROM unnest(targets) t WHERE t IS NOT NULL ORDER BY 1 LOOP
		PERFORM pg_advisory_xact_lock(1263, share);
	END LOOP;
	PERFORM count_customers(targets);
END
$$;
--> statement-breakpoint
-- Every customer from scratch: the backfill below, a bulk import, and a restore once its rows are loaded.
CREATE FUNCTION recount_all_customers() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM customers;
	PERFORM count_customers(array(SELECT lower(email) FROM orders UNION SELECT lower(email) FROM "user"));
END
$$;
--> statement-breakpoint
-- Once per statement, with the rows it changed. A bulk load in one transaction (a restore) sets
-- shop.bulk_load for that transaction and counts everyone once at the end instead.
CREATE FUNCTION orders_count_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('shop.bulk_load', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		PERFORM recount_customers(array(SELECT lower(email) FROM new_orders));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM recount_customers(array(SELECT lower(email) FROM old_orders));
	ELSE
		PERFORM recount_customers(array(
			SELECT changed.email FROM old_orders o JOIN new_orders n ON n.id = o.id
			CROSS JOIN LATERAL (VALUES (lower(o.email)), (lower(n.email))) changed(email)
			WHERE (o.email, o.payment_status, o.payment_processing_at, o.archived_at, o.test_mode, o.total_cents, o.refunded_cents, o.created_at, o.shipping_address ->> 'fullName')
				IS DISTINCT FROM (n.email, n.payment_status, n.payment_processing_at, n.archived_at, n.test_mode, n.total_cents, n.refunded_cents, n.created_at, n.shipping_address ->> 'fullName')));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION users_count_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('shop.bulk_load', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		PERFORM recount_customers(array(SELECT lower(email) FROM new_users));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM recount_customers(array(SELECT lower(email) FROM old_users));
	ELSE
		PERFORM recount_customers(array(
			SELECT changed.email FROM old_users o JOIN new_users n ON n.id = o.id
			CROSS JOIN LATERAL (VALUES (lower(o.email)), (lower(n.email))) changed(email)
			WHERE (o.email, o.name) IS DISTINCT FROM (n.email, n.name)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_count_customers_added AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
	FOR EACH STATEMENT EXECUTE FUNCTION orders_count_customers();
--> statement-breakpoint
CREATE TRIGGER orders_count_customers_changed AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
	FOR EACH STATEMENT EXECUTE FUNCTION orders_count_customers();
--> statement-breakpoint
CREATE TRIGGER orders_count_customers_removed AFTER DELETE ON orders REFERENCING OLD TABLE AS old_orders
	FOR EACH STATEMENT EXECUTE FUNCTION orders_count_customers();
--> statement-breakpoint
CREATE TRIGGER users_count_customers_added AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_users
	FOR EACH STATEMENT EXECUTE FUNCTION users_count_customers();
--> statement-breakpoint
CREATE TRIGGER users_count_customers_changed AFTER UPDATE ON "user" REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
	FOR EACH STATEMENT EXECUTE FUNCTION users_count_customers();
--> statement-breakpoint
CREATE TRIGGER users_count_customers_removed AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_users
	FOR EACH STATEMENT EXECUTE FUNCTION users_count_customers();
--> statement-breakpoint
SELECT recount_all_customers();

-- A restore loads every order line in one transaction with shop.bulk_load on, then counts units sold
-- once from the loaded lines (recount_all_sold_units sets each product's figure itself). Adding each
-- loaded line to its product as it arrives wrote every product once per line it ever sold, for a
-- figure the final count replaces: the restore of a long history spent most of its time there.
CREATE OR REPLACE FUNCTION order_items_count_sold_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('shop.bulk_load', true) = 'on' THEN
		RETURN NULL;
	END IF;
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

ALTER TABLE "products" ADD COLUMN "search_extra_ro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_extra_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_extra_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_extra_ro_idx" ON "products" USING gin ("search_extra_ro" gin_trgm_ops) WHERE "products"."is_active" and "products"."variant_of" is null;--> statement-breakpoint
CREATE INDEX "products_search_extra_en_idx" ON "products" USING gin ("search_extra_en" gin_trgm_ops) WHERE "products"."is_active" and "products"."variant_of" is null;--> statement-breakpoint
CREATE INDEX "products_search_extra_es_idx" ON "products" USING gin ("search_extra_es" gin_trgm_ops) WHERE "products"."is_active" and "products"."variant_of" is null;--> statement-breakpoint
CREATE INDEX "products_listed_name_idx" ON "products" USING btree ("name") WHERE "products"."variant_of" is null;--> statement-breakpoint
CREATE INDEX "products_listed_description_idx" ON "products" USING hash ("description") WHERE "products"."variant_of" is null;--> statement-breakpoint
CREATE INDEX "products_listed_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active" and "products"."variant_of" is null;--> statement-breakpoint
-- What else a listed product is found by in `lang` (ADR 0275): its active variants' folded texts, in
-- their order, then outside Romanian the folded translations of its name and description. Each
-- translation is read by the translation cache's unique key (its text's SHA-256, context, language),
-- so the lookup is one index probe however the tables' statistics stand (a restore, a bulk import).
CREATE FUNCTION product_search_extra(product_id uuid, product_name text, product_description text, lang text) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT concat_ws(' ',
		(SELECT string_agg(v.search_text, ' ' ORDER BY v.variant_position) FROM products v WHERE v.variant_of = product_id AND v.is_active),
		CASE WHEN lang <> 'ro' THEN (
			SELECT t.search_text FROM translations t
			WHERE t.source_hash = encode(sha256(convert_to(product_name, 'UTF8')), 'hex') AND t.context = 'product.name' AND t.locale = lang
		) END,
		CASE WHEN lang <> 'ro' THEN (
			SELECT t.search_text FROM translations t
			WHERE t.source_hash = encode(sha256(convert_to(product_description, 'UTF8')), 'hex') AND t.context = 'product.description' AND t.locale = lang
		) END)
$$;
--> statement-breakpoint
-- Counts again the listed products `ids` names (every one when null): a restore, this migration.
CREATE FUNCTION recount_product_search_extra(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	-- No product to count: no UPDATE, so no storefront change is announced.
	IF ids IS NOT NULL AND cardinality(ids) = 0 THEN
		RETURN;
	END IF;
	UPDATE products p SET
		search_extra_ro = product_search_extra(p.id, p.name, p.description, 'ro'),
		search_extra_en = product_search_extra(p.id, p.name, p.description, 'en'),
		search_extra_es = product_search_extra(p.id, p.name, p.description, 'es')
	WHERE p.variant_of IS NULL AND (ids IS NULL OR p.id = ANY (ids));
END
$$;
--> statement-breakpoint
CREATE FUNCTION recount_all_product_search_extra() RETURNS void LANGUAGE sql AS $$
	SELECT recount_product_search_extra(NULL)
$$;
--> statement-breakpoint
-- A listed product's own name or description changed (or it stopped being a variant): its texts in
-- each language are read again before the row is written. A variant keeps none.
CREATE FUNCTION products_keep_search_extra() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('shop.bulk_load', true) = 'on' THEN
		RETURN NEW;
	END IF;
	IF NEW.variant_of IS NOT NULL THEN
		NEW.search_extra_ro := ''; NEW.search_extra_en := ''; NEW.search_extra_es := '';
	ELSE
		NEW.search_extra_ro := product_search_extra(NEW.id, NEW.name, NEW.description, 'ro');
		NEW.search_extra_en := product_search_extra(NEW.id, NEW.name, NEW.description, 'en');
		NEW.search_extra_es := product_search_extra(NEW.id, NEW.name, NEW.description, 'es');
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_keep_search_extra BEFORE INSERT OR UPDATE OF name, description, variant_of ON products
	FOR EACH ROW EXECUTE FUNCTION products_keep_search_extra();
--> statement-breakpoint
-- A variant added, renamed, shown, hidden, moved or deleted: the product (or products) it varies
-- read their variants' texts again.
CREATE FUNCTION products_variant_changes_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	parents uuid[] := '{}';
BEGIN
	IF current_setting('shop.bulk_load', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' AND OLD.variant_of IS NOT NULL THEN
		parents := parents || OLD.variant_of;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.variant_of IS NOT NULL THEN
		parents := parents || NEW.variant_of;
	END IF;
	IF cardinality(parents) > 0 THEN
		PERFORM recount_product_search_extra(parents);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_variant_changes_search AFTER INSERT OR DELETE OR UPDATE OF name, description, is_active, variant_of, variant_position ON products
	FOR EACH ROW EXECUTE FUNCTION products_variant_changes_search();
--> statement-breakpoint
-- A product text's translation arrived, changed, was overridden or went: the listed products with
-- that name or description read their texts again.
CREATE FUNCTION translations_change_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed translations;
BEGIN
	IF current_setting('shop.bulk_load', true) = 'on' THEN
		RETURN NULL;
	END IF;
	changed := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
	IF changed.context = 'product.name' THEN
		PERFORM recount_product_search_extra(array(SELECT p.id FROM products p WHERE p.variant_of IS NULL AND p.name = changed.source_text));
	ELSIF changed.context = 'product.description' THEN
		PERFORM recount_product_search_extra(array(SELECT p.id FROM products p WHERE p.variant_of IS NULL AND p.description = changed.source_text));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only a change of the text a page shows counts, as for the storefront's notifications; the job's
-- bookkeeping (attempts, leases, errors, rows still waiting for their text) does not.
CREATE TRIGGER translations_change_search_inserted AFTER INSERT ON translations
	FOR EACH ROW WHEN (NEW.translated_text IS NOT NULL OR NEW.override_text IS NOT NULL)
	EXECUTE FUNCTION translations_change_search();
--> statement-breakpoint
CREATE TRIGGER translations_change_search_updated AFTER UPDATE ON translations
	FOR EACH ROW WHEN (OLD.translated_text IS DISTINCT FROM NEW.translated_text OR OLD.override_text IS DISTINCT FROM NEW.override_text)
	EXECUTE FUNCTION translations_change_search();
--> statement-breakpoint
CREATE TRIGGER translations_change_search_deleted AFTER DELETE ON translations
	FOR EACH ROW WHEN (OLD.translated_text IS NOT NULL OR OLD.override_text IS NOT NULL)
	EXECUTE FUNCTION translations_change_search();
--> statement-breakpoint
SELECT recount_all_product_search_extra();

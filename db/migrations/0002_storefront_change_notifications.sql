-- Every committed change to what storefront pages show (products, categories, shown translations)
-- sends a notification on the channel storefront_changed; app instances LISTEN and drop their
-- cached pages (server/http/page-cache.ts, ADR 0091). NOTIFY is transactional: it is delivered at
-- commit, never for a rolled-back change, and repeats within one transaction are folded into one.
CREATE FUNCTION notify_storefront_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('storefront_changed', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
	FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER categories_storefront_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
	FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
-- Translations: only a change of the text a page shows counts; the job's bookkeeping
-- (attempts, leases, errors, pending rows) does not.
CREATE TRIGGER translations_shown_text_inserted AFTER INSERT ON translations
	FOR EACH ROW WHEN (NEW.translated_text IS NOT NULL OR NEW.override_text IS NOT NULL)
	EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER translations_shown_text_updated AFTER UPDATE ON translations
	FOR EACH ROW WHEN (OLD.translated_text IS DISTINCT FROM NEW.translated_text OR OLD.override_text IS DISTINCT FROM NEW.override_text)
	EXECUTE FUNCTION notify_storefront_changed();
--> statement-breakpoint
CREATE TRIGGER translations_storefront_changed AFTER DELETE OR TRUNCATE ON translations
	FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_changed();

ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "home_content" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The version an admin form checks before it saves (ADR 0225) is kept by the database: any write
-- that changes one of a form's columns raises it by one, whoever makes it (an admin save, a toggle
-- in a list, a bulk change, a payment cancelling an order), so no writer can forget it. Writes
-- that touch none of them (checkouts moving stock, the translation job, bookkeeping) leave it.
CREATE FUNCTION raise_edit_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.version := OLD.version + 1;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_edit_version BEFORE UPDATE ON products
	FOR EACH ROW WHEN (
		(OLD.name, OLD.slug, OLD.description, OLD.kind, OLD.category_id, OLD.price_cents, OLD.images, OLD.badges, OLD.is_active,
			OLD.portrait_size, OLD.scent, OLD.smells_like, OLD.wax_color, OLD.container_type, OLD.custom_label_available,
			OLD.gift_wrap_available, OLD.burn_time_hours, OLD.width_mm, OLD.height_mm, OLD.depth_mm, OLD.weight_grams)
		IS DISTINCT FROM
		(NEW.name, NEW.slug, NEW.description, NEW.kind, NEW.category_id, NEW.price_cents, NEW.images, NEW.badges, NEW.is_active,
			NEW.portrait_size, NEW.scent, NEW.smells_like, NEW.wax_color, NEW.container_type, NEW.custom_label_available,
			NEW.gift_wrap_available, NEW.burn_time_hours, NEW.width_mm, NEW.height_mm, NEW.depth_mm, NEW.weight_grams)
	)
	EXECUTE FUNCTION raise_edit_version();
--> statement-breakpoint
CREATE TRIGGER categories_edit_version BEFORE UPDATE ON categories
	FOR EACH ROW WHEN (
		(OLD.name, OLD.slug, OLD.description, OLD.parent_id, OLD.display_order, OLD.is_active, OLD.image_url)
		IS DISTINCT FROM
		(NEW.name, NEW.slug, NEW.description, NEW.parent_id, NEW.display_order, NEW.is_active, NEW.image_url)
	)
	EXECUTE FUNCTION raise_edit_version();
--> statement-breakpoint
CREATE TRIGGER home_content_edit_version BEFORE UPDATE ON home_content
	FOR EACH ROW WHEN (
		(OLD.hero_title, OLD.hero_text, OLD.hero_image_url, OLD.story_title, OLD.story_text, OLD.banner_image_url, OLD.banner_link, OLD.banner_alt)
		IS DISTINCT FROM
		(NEW.hero_title, NEW.hero_text, NEW.hero_image_url, NEW.story_title, NEW.story_text, NEW.banner_image_url, NEW.banner_link, NEW.banner_alt)
	)
	EXECUTE FUNCTION raise_edit_version();
--> statement-breakpoint
CREATE TRIGGER orders_edit_version BEFORE UPDATE ON orders
	FOR EACH ROW WHEN ((OLD.status, OLD.tracking_number) IS DISTINCT FROM (NEW.status, NEW.tracking_number))
	EXECUTE FUNCTION raise_edit_version();
--> statement-breakpoint
CREATE TRIGGER translations_edit_version BEFORE UPDATE ON translations
	FOR EACH ROW WHEN (OLD.override_text IS DISTINCT FROM NEW.override_text)
	EXECUTE FUNCTION raise_edit_version();

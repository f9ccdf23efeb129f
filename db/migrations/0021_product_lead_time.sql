ALTER TABLE "products" ADD COLUMN "lead_time_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
-- The lead time is one of the product form's fields: a change to it raises the form's version (ADR 0225).
DROP TRIGGER products_edit_version ON products;
--> statement-breakpoint
CREATE TRIGGER products_edit_version BEFORE UPDATE ON products
	FOR EACH ROW WHEN (
		(OLD.name, OLD.slug, OLD.description, OLD.kind, OLD.category_id, OLD.price_cents, OLD.images, OLD.badges, OLD.is_active,
			OLD.portrait_size, OLD.scent, OLD.smells_like, OLD.wax_color, OLD.container_type, OLD.custom_label_available,
			OLD.gift_wrap_available, OLD.burn_time_hours, OLD.width_mm, OLD.height_mm, OLD.depth_mm, OLD.weight_grams, OLD.lead_time_days)
		IS DISTINCT FROM
		(NEW.name, NEW.slug, NEW.description, NEW.kind, NEW.category_id, NEW.price_cents, NEW.images, NEW.badges, NEW.is_active,
			NEW.portrait_size, NEW.scent, NEW.smells_like, NEW.wax_color, NEW.container_type, NEW.custom_label_available,
			NEW.gift_wrap_available, NEW.burn_time_hours, NEW.width_mm, NEW.height_mm, NEW.depth_mm, NEW.weight_grams, NEW.lead_time_days)
	)
	EXECUTE FUNCTION raise_edit_version();

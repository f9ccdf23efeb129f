CREATE TABLE "product_price_history" (
	"product_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_price_history_product_id_from_at_pk" PRIMARY KEY("product_id","from_at")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_window" CHECK (("products"."sale_price_cents" is null and "products"."sale_starts_at" is null and "products"."sale_ends_at" is null) or ("products"."sale_price_cents" is not null and "products"."sale_starts_at" is not null and "products"."sale_ends_at" is not null and "products"."sale_starts_at" < "products"."sale_ends_at" and "products"."sale_price_cents" >= 0 and "products"."sale_price_cents" < "products"."price_cents"));--> statement-breakpoint
-- The sale is one of the product form's fields: a change to it raises the form's version (ADR 0225).
DROP TRIGGER products_edit_version ON products;
--> statement-breakpoint
CREATE TRIGGER products_edit_version BEFORE UPDATE ON products
	FOR EACH ROW WHEN (
		(OLD.name, OLD.slug, OLD.description, OLD.kind, OLD.category_id, OLD.price_cents, OLD.images, OLD.badges, OLD.is_active,
			OLD.portrait_size, OLD.scent, OLD.smells_like, OLD.wax_color, OLD.container_type, OLD.custom_label_available,
			OLD.gift_wrap_available, OLD.burn_time_hours, OLD.width_mm, OLD.height_mm, OLD.depth_mm, OLD.weight_grams, OLD.lead_time_days,
			OLD.sale_price_cents, OLD.sale_starts_at, OLD.sale_ends_at)
		IS DISTINCT FROM
		(NEW.name, NEW.slug, NEW.description, NEW.kind, NEW.category_id, NEW.price_cents, NEW.images, NEW.badges, NEW.is_active,
			NEW.portrait_size, NEW.scent, NEW.smells_like, NEW.wax_color, NEW.container_type, NEW.custom_label_available,
			NEW.gift_wrap_available, NEW.burn_time_hours, NEW.width_mm, NEW.height_mm, NEW.depth_mm, NEW.weight_grams, NEW.lead_time_days,
			NEW.sale_price_cents, NEW.sale_starts_at, NEW.sale_ends_at)
	)
	EXECUTE FUNCTION raise_edit_version();
--> statement-breakpoint
-- The price history (ADR 0245), kept by the database so no writer (admin form, bulk change, seed)
-- can forget it. Past rows are never changed. On every write of the price or the sale, what is
-- planned from now on is rewritten from the product's columns: the price in effect now (a row only
-- when it differs from the one in effect), then the scheduled sale's start and end as rows dated
-- then. The rule of an active sale is domain/sale-price.ts's saleActiveAt; the integration tests
-- hold the two to the same answers.
CREATE FUNCTION record_product_price() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	at timestamptz := now();
	effective integer;
	previous integer;
BEGIN
	DELETE FROM product_price_history WHERE product_id = NEW.id AND from_at > at;
	effective := CASE
		WHEN NEW.sale_price_cents IS NOT NULL AND NEW.sale_starts_at <= at AND at < NEW.sale_ends_at THEN NEW.sale_price_cents
		ELSE NEW.price_cents
	END;
	SELECT price_cents INTO previous FROM product_price_history WHERE product_id = NEW.id AND from_at <= at ORDER BY from_at DESC LIMIT 1;
	IF previous IS DISTINCT FROM effective THEN
		INSERT INTO product_price_history (product_id, price_cents, from_at) VALUES (NEW.id, effective, at)
			ON CONFLICT (product_id, from_at) DO UPDATE SET price_cents = EXCLUDED.price_cents;
	END IF;
	IF NEW.sale_price_cents IS NOT NULL AND NEW.sale_starts_at > at THEN
		INSERT INTO product_price_history (product_id, price_cents, from_at) VALUES (NEW.id, NEW.sale_price_cents, NEW.sale_starts_at);
	END IF;
	IF NEW.sale_price_cents IS NOT NULL AND NEW.sale_ends_at > at THEN
		INSERT INTO product_price_history (product_id, price_cents, from_at) VALUES (NEW.id, NEW.price_cents, NEW.sale_ends_at);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_price_history AFTER INSERT OR UPDATE OF price_cents, sale_price_cents, sale_starts_at, sale_ends_at ON products
	FOR EACH ROW EXECUTE FUNCTION record_product_price();
--> statement-breakpoint
-- Products made before the history: their price since they were made.
INSERT INTO product_price_history (product_id, price_cents, from_at) SELECT id, price_cents, created_at FROM products;

CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"max_subtotal_cents" integer,
	"min_weight_grams" integer DEFAULT 0 NOT NULL,
	"max_weight_grams" integer,
	"price_cents" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_price_range" CHECK ("shipping_rates"."price_cents" >= 0 and "shipping_rates"."price_cents" <= 99999900),
	CONSTRAINT "shipping_rates_subtotal_band" CHECK ("shipping_rates"."min_subtotal_cents" >= 0 and ("shipping_rates"."max_subtotal_cents" is null or ("shipping_rates"."max_subtotal_cents" > "shipping_rates"."min_subtotal_cents" and "shipping_rates"."max_subtotal_cents" <= 99999900))),
	CONSTRAINT "shipping_rates_weight_band" CHECK ("shipping_rates"."min_weight_grams" >= 0 and ("shipping_rates"."max_weight_grams" is null or ("shipping_rates"."max_weight_grams" > "shipping_rates"."min_weight_grams" and "shipping_rates"."max_weight_grams" <= 9999999)))
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_from_cents" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_free_from_range" CHECK ("shipping_zones"."free_from_cents" is null or ("shipping_zones"."free_from_cents" >= 0 and "shipping_zones"."free_from_cents" <= 99999900))
);
--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("zone_id");--> statement-breakpoint
-- A zone's and a rate's form check the version they loaded before they save (ADR 0225): the database raises it.
CREATE TRIGGER shipping_zones_edit_version BEFORE UPDATE ON shipping_zones
	FOR EACH ROW WHEN ((OLD.name, OLD.countries, OLD.free_from_cents) IS DISTINCT FROM (NEW.name, NEW.countries, NEW.free_from_cents))
	EXECUTE FUNCTION raise_edit_version();
--> statement-breakpoint
CREATE TRIGGER shipping_rates_edit_version BEFORE UPDATE ON shipping_rates
	FOR EACH ROW WHEN (
		(OLD.price_cents, OLD.min_subtotal_cents, OLD.max_subtotal_cents, OLD.min_weight_grams, OLD.max_weight_grams)
		IS DISTINCT FROM
		(NEW.price_cents, NEW.min_subtotal_cents, NEW.max_subtotal_cents, NEW.min_weight_grams, NEW.max_weight_grams)
	)
	EXECUTE FUNCTION raise_edit_version();

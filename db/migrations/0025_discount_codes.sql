CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"min_subtotal_cents" integer,
	"scope" text DEFAULT 'all' NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind" CHECK ("discount_codes"."kind" in ('percent', 'fixed', 'free_shipping')),
	CONSTRAINT "discount_codes_scope" CHECK ("discount_codes"."scope" in ('all', 'categories', 'products')),
	CONSTRAINT "discount_codes_value" CHECK ("discount_codes"."value" >= 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" between 1 and 100)),
	CONSTRAINT "discount_codes_uses_not_negative" CHECK ("discount_codes"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_status" CHECK ("discount_redemptions"."status" in ('held', 'used', 'released'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" jsonb;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order_idx" ON "discount_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_email_idx" ON "discount_redemptions" USING btree ("code_id","email");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within" CHECK ("orders"."discount_cents" >= 0 and "orders"."discount_cents" <= "orders"."subtotal_cents" + "orders"."shipping_cents");--> statement-breakpoint
-- The admin's discount form is versioned like the other admin forms (ADR 0225): a change to one of
-- its fields raises the version; a use taken or given back (uses) does not.
CREATE TRIGGER discount_codes_edit_version BEFORE UPDATE ON discount_codes
	FOR EACH ROW WHEN (
		(OLD.code, OLD.kind, OLD.value, OLD.min_subtotal_cents, OLD.scope, OLD.category_ids, OLD.product_ids, OLD.starts_at, OLD.ends_at,
			OLD.max_uses, OLD.max_uses_per_customer, OLD.is_active)
		IS DISTINCT FROM
		(NEW.code, NEW.kind, NEW.value, NEW.min_subtotal_cents, NEW.scope, NEW.category_ids, NEW.product_ids, NEW.starts_at, NEW.ends_at,
			NEW.max_uses, NEW.max_uses_per_customer, NEW.is_active)
	)
	EXECUTE FUNCTION raise_edit_version();

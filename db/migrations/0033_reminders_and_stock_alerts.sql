CREATE TABLE "checkout_reminders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"product_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD CONSTRAINT "checkout_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_reminders_unsent_idx" ON "checkout_reminders" USING btree ("consented_at") WHERE "checkout_reminders"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_product_email_idx" ON "stock_alerts" USING btree ("product_id","email");--> statement-breakpoint
CREATE INDEX "stock_alerts_due_idx" ON "stock_alerts" USING btree ("due_at") WHERE "stock_alerts"."due_at" is not null;--> statement-breakpoint
-- Back-in-stock alerts (ADR 0269): whatever writes a product's stock (the product form, the list's
-- inline figure, the variants form, a released hold, a cancellation or refund putting units back),
-- a rise from 0 marks the product's waiting alerts due in the same transaction. The alert job sends
-- the due ones; made-to-order (stock null) can be bought again too.
CREATE FUNCTION mark_stock_alerts_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE stock_alerts SET due_at = now() WHERE product_id = NEW.id AND due_at IS NULL;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_stock_returned AFTER UPDATE OF stock ON products
	FOR EACH ROW WHEN (OLD.stock = 0 AND (NEW.stock IS NULL OR NEW.stock > 0))
	EXECUTE FUNCTION mark_stock_alerts_due();

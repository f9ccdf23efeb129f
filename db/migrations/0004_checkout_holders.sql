ALTER TABLE "orders" ADD COLUMN "checkout_visitor" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_address" text;--> statement-breakpoint
CREATE INDEX "orders_checkout_visitor_idx" ON "orders" USING btree ("checkout_visitor","payment_status");--> statement-breakpoint
CREATE INDEX "orders_checkout_address_idx" ON "orders" USING btree ("checkout_address","payment_status");
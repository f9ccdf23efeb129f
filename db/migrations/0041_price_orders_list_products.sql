DROP INDEX "products_price_asc_idx";--> statement-breakpoint
DROP INDEX "products_price_desc_idx";--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products" USING btree ("price_now_cents","created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active" and "products"."variant_of" is null;--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree ("price_now_cents" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE "products"."is_active" and "products"."variant_of" is null;
ALTER TABLE "products" ADD COLUMN "burn_time_hours" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "depth_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_burn_time_range" CHECK ("products"."burn_time_hours" is null or ("products"."burn_time_hours" >= 1 and "products"."burn_time_hours" <= 999));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_range" CHECK (("products"."width_mm" is null and "products"."height_mm" is null and "products"."depth_mm" is null) or ("products"."width_mm" is not null and "products"."height_mm" is not null and "products"."depth_mm" is not null and "products"."width_mm" between 1 and 9999 and "products"."height_mm" between 1 and 9999 and "products"."depth_mm" between 1 and 9999));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_range" CHECK ("products"."weight_grams" is null or ("products"."weight_grams" >= 1 and "products"."weight_grams" <= 99999));
ALTER TYPE "public"."product_kind" ADD VALUE 'bundle';--> statement-breakpoint
ALTER TYPE "public"."product_kind" ADD VALUE 'discovery_set';--> statement-breakpoint
ALTER TYPE "public"."product_kind" ADD VALUE 'gift_set';
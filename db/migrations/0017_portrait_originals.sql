ALTER TABLE "uploads" ADD COLUMN "original_key" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "original_mime_type" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_originalKey_unique" UNIQUE("original_key");
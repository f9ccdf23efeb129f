ALTER TABLE "translations" ALTER COLUMN "translated_text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ALTER COLUMN "provider" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "override_text" text;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "override_by" text;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "translations_due_idx" ON "translations" USING btree ("next_attempt_at") WHERE "translations"."translated_text" is null and not "translations"."stale";
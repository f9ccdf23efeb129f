CREATE TYPE "public"."efactura_state" AS ENUM('waiting', 'uploading', 'uploaded', 'accepted', 'rejected');--> statement-breakpoint
CREATE TABLE "anaf_credentials" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seed_hash" text NOT NULL,
	"access_token" text,
	"access_expires_at" timestamp with time zone,
	"refresh_token" text NOT NULL,
	"refreshing_until" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anaf_credentials_one_row" CHECK ("anaf_credentials"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "efactura_submissions" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"state" "efactura_state" DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"uploads" integer DEFAULT 0 NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" uuid,
	"locked_until" timestamp with time zone,
	"upload_started_at" timestamp with time zone,
	"upload_index" text,
	"uploaded_at" timestamp with time zone,
	"earlier_upload_indexes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"download_id" text,
	"answered_at" timestamp with time zone,
	"anaf_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_zip" "bytea",
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "efactura_submissions" ADD CONSTRAINT "efactura_submissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "efactura_submissions_upload_index_idx" ON "efactura_submissions" USING btree ("upload_index");--> statement-breakpoint
CREATE INDEX "efactura_submissions_due_idx" ON "efactura_submissions" USING btree ("next_attempt_at") WHERE "efactura_submissions"."state" in ('waiting', 'uploading', 'uploaded');
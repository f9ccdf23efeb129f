CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"refers_to_invoice_id" uuid,
	"refund_id" text,
	"reason" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locale" text NOT NULL,
	"currency" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	CONSTRAINT "invoices_kind_shape" CHECK (("invoices"."kind" = 'invoice' and "invoices"."refers_to_invoice_id" is null and "invoices"."total_cents" >= 0) or ("invoices"."kind" = 'credit_note' and "invoices"."refers_to_invoice_id" is not null and "invoices"."refund_id" is not null and "invoices"."total_cents" < 0))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_number" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refers_to_invoice_id_invoices_id_fk" FOREIGN KEY ("refers_to_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_sequence_idx" ON "invoices" USING btree ("series","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_note_refund_idx" ON "invoices" USING btree ("refers_to_invoice_id","refund_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
-- Invoices and credit notes are a legal record (ADR 0118): once issued, never changed, and never
-- deleted unless issued for test money (deleting a test order takes its documents along).
CREATE FUNCTION refuse_issued_invoice_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND OLD.test_mode THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'invoice % is issued and cannot be %', OLD.number, lower(TG_OP) || 'd' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION refuse_issued_invoice_change();

CREATE TYPE "public"."tax_treatment" AS ENUM('domestic', 'oss', 'intra_community', 'export', 'not_registered');--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" text NOT NULL,
	"rate_date" date NOT NULL,
	"ron_per_unit" numeric(12, 6) NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_rate_date_pk" PRIMARY KEY("currency","rate_date")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_legal_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_treatment" "tax_treatment";--> statement-breakpoint
-- Documents issued before treatments existed (ADR 0150) get the one they had: no VAT when the shop
-- was not registered, the destination's rate (one-stop shop) when an EU buyer outside Romania paid a
-- rate other than the Romanian 21 %, Romanian VAT otherwise; converted at the rate they were issued
-- with. Issued documents are immutable: their trigger is off for this one backfill only.
ALTER TABLE "invoices" DISABLE TRIGGER invoices_immutable;--> statement-breakpoint
UPDATE "invoices" SET "tax_treatment" = CASE
	WHEN NOT coalesce(("totals"->>'vatRegistered')::boolean, true) THEN 'not_registered'::tax_treatment
	WHEN "buyer"->'address'->>'country' IN ('AT','BE','BG','HR','CY','CZ','DK','EE','FI','FR','DE','GR','HU','IE','IT','LV','LT','LU','MT','NL','PL','PT','SK','SI','ES','SE')
		AND coalesce(("lines"->0->>'ratePercent')::numeric, 21) <> 21 THEN 'oss'::tax_treatment
	ELSE 'domestic'::tax_treatment
END;--> statement-breakpoint
UPDATE "invoices" SET "tax" = jsonb_build_object(
	'treatment', "tax_treatment",
	'category', CASE WHEN "tax_treatment" = 'not_registered' THEN 'O' ELSE 'S' END,
	'ratePercent', CASE WHEN "tax_treatment" = 'not_registered' THEN 0 ELSE coalesce(("lines"->0->>'ratePercent')::numeric, 0) END,
	'destinationCountry', "buyer"->'address'->>'country',
	'exemption', CASE WHEN "tax_treatment" = 'not_registered'
		THEN jsonb_build_object('code', 'VATEX-EU-O', 'reason', 'Scutit de TVA conform art. 310 Cod fiscal (regim special de scutire pentru întreprinderile mici)') END,
	'mention', CASE WHEN "tax_treatment" = 'not_registered'
		THEN 'Scutit de TVA conform art. 310 Cod fiscal (regim special de scutire pentru întreprinderile mici)' END,
	'vies', NULL,
	'removedVatPercent', NULL,
	'exchangeRate', jsonb_build_object(
		'ronPerEur', coalesce(("totals"->>'ronPerEur')::numeric, 4.97),
		'date', to_char("issued_at", 'YYYY-MM-DD'),
		'source', 'configured'
	)
);--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER invoices_immutable;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax_treatment" SET NOT NULL;
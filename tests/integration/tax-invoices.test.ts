import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoices, orders } from '#db/schema/index.ts'
import type { CheckoutForm } from '#domain/forms/checkout.ts'
import { leiCents } from '#domain/invoices/exchange-rate.ts'
import { romanianDay } from '#domain/invoices/invoice.ts'
import { formatAmount } from '#domain/money.ts'
import type { TaxTreatment } from '#domain/invoices/tax-treatment.ts'
import { DEFAULT_VAT } from '#domain/invoices/vat.ts'
import { EU_COUNTRIES } from '#domain/shipping.ts'
import { parseEnv } from '#server/config/env.ts'
import type { InvoicingConfig } from '#server/invoices/config.ts'
import { DEMO_SELLER } from '#server/invoices/config.ts'
import { documentPdf, documentXml, findDocument } from '#server/invoices/documents.ts'
import { handleCheckoutRequest, placeCheckout } from '#server/orders/checkout-request.ts'
import type { OrderEmailContext } from '#server/orders/emails.ts'
import { handlePaymentEvent } from '#server/orders/payment-events.ts'
import { refundOrder } from '#server/orders/refunds.ts'
import { createStripeProvider, readStripeWebhook } from '#server/payments/stripe.ts'
import { createBnrRateSource } from '#server/tax/bnr.ts'
import { refreshExchangeRates } from '#server/tax/exchange-rates.ts'
import { createViesChecker } from '#server/tax/vies.ts'
import { createProduct, customer } from '../support/checkout-fixtures.ts'
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/databases.ts'
import { validateEInvoices } from '../support/einvoice.ts'
import { startFakeBnr, type FakeBnr } from '../support/fake-bnr.ts'
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts'
import { startFakeVies, type FakeVies } from '../support/fake-vies.ts'
import { pdfText } from '../support/pdf-text.ts'
import { all, one, parseXml, textAt } from '../support/xml-tree.ts'

/**
 * Acceptance of ADR 0150-0152: invoices and credit notes for every kind of buyer, each sold
 * through the shop's own code (the checkout service, a live Stripe payment reported by its signed
 * webhook, a full refund through the Stripe refunds API), with a seller registered for VAT and one
 * that is not. Each document's treatment is checked in its XML and its PDF; every document of the
 * run passes ANAF's rules (UBL 2.1, EN 16931, CIUS-RO) in one call of the official validator.
 */
const everyDocument: Record<string, string> = {}

const VALID_VAT_NUMBER = 'DE123456789'
const REFUSED_VAT_NUMBER = 'DE987654321'
const UNCHECKABLE_VAT_NUMBER = 'DE111111111'

/** A day `days` before today in Romania, as BNR dates its rates. */
const daysAgo = (days: number) => romanianDay(new Date(Date.now() - days * 86_400_000))
const asRomanianDate = (day: string) => day.split('-').reverse().join('.')
/** The rate the documents must take: the newest BNR published before their day of issue. */
const BNR_EUR = 4.9761

const spanish: CheckoutForm = {
	...customer,
	fullName: 'Lucía Fernández',
	email: 'lucia@example.es',
	phone: '+34 600 000 000',
	address: 'Calle Mayor 5',
	city: 'Madrid',
	postalCode: '28013',
	country: 'ES',
}
const german: CheckoutForm = {
	...customer,
	fullName: 'Hans Weber',
	email: 'hans@example.de',
	phone: '+49 30 1234567',
	address: 'Hauptstraße 1',
	city: 'Berlin',
	postalCode: '10115',
	country: 'DE',
	company: 'Kerzen Werk GmbH',
}
const american: CheckoutForm = {
	...customer,
	fullName: 'Mary Smith',
	email: 'mary@example.com',
	phone: '+1 212 555 0100',
	address: '1 Main Street',
	city: 'New York',
	postalCode: '10001',
	country: 'US',
}

type Expected = {
	treatment: TaxTreatment
	category: 'S' | 'K' | 'G' | 'O'
	rate: string | null
	exemption: string | null
	/** BT-47 and BT-48 of the buyer. */
	legalId: string | null
	vatNumber: string | null
	/** The charged total is the shown one less the Romanian VAT it contains. */
	withoutVat: boolean
	/** Words of the Romanian mention the XML and the PDF carry. */
	mention: string | null
}

type Case = { name: string; customer: CheckoutForm; oss?: boolean; registered: Expected; notRegistered: Expected }

const NOT_REGISTERED = (legalId: string | null): Expected => ({
	treatment: 'not_registered',
	category: 'O',
	rate: null,
	exemption: 'VATEX-EU-O',
	legalId,
	vatNumber: null,
	withoutVat: false,
	mention: 'Scutit de TVA conform art. 310 Cod fiscal (regim special de scutire pentru întreprinderile mici)',
})
const DOMESTIC = (legalId: string | null, vatNumber: string | null = null): Expected => ({
	treatment: 'domestic',
	category: 'S',
	rate: '21',
	exemption: null,
	legalId,
	vatNumber,
	withoutVat: false,
	mention: null,
})

const CASES: Case[] = [
	{ name: 'a Romanian consumer without a CNP', customer, registered: DOMESTIC('0000000000000'), notRegistered: NOT_REGISTERED('0000000000000') },
	{
		name: 'a Romanian consumer with a CNP',
		customer: { ...customer, cnp: '1900515123458' },
		registered: DOMESTIC('1900515123458'),
		notRegistered: NOT_REGISTERED('1900515123458'),
	},
	{ name: 'a Spanish consumer, OSS off', customer: spanish, registered: DOMESTIC('0000000000000'), notRegistered: NOT_REGISTERED('0000000000000') },
	{
		name: 'a Spanish consumer, OSS on',
		customer: spanish,
		oss: true,
		registered: { ...DOMESTIC('0000000000000'), treatment: 'oss', mention: 'datorată în Spania (ES), declarată prin ghișeul unic OSS' },
		notRegistered: NOT_REGISTERED('0000000000000'),
	},
	{
		name: 'a German company VIES confirms',
		customer: { ...german, vatNumber: VALID_VAT_NUMBER },
		registered: {
			treatment: 'intra_community',
			category: 'K',
			rate: '0',
			exemption: 'VATEX-EU-IC',
			legalId: null,
			vatNumber: VALID_VAT_NUMBER,
			withoutVat: true,
			mention: 'conform art. 294 alin. (2) lit. a) Cod fiscal: livrare intracomunitară de bunuri',
		},
		notRegistered: NOT_REGISTERED(VALID_VAT_NUMBER),
	},
	{
		name: 'a German company whose number VIES could not check',
		customer: { ...german, vatNumber: UNCHECKABLE_VAT_NUMBER },
		registered: DOMESTIC(null, UNCHECKABLE_VAT_NUMBER),
		notRegistered: NOT_REGISTERED(UNCHECKABLE_VAT_NUMBER),
	},
	{
		name: 'a Romanian VAT payer',
		customer: { ...customer, company: 'Ceramica Veche SRL', vatNumber: 'RO 14399840' },
		registered: DOMESTIC(null, 'RO14399840'),
		notRegistered: NOT_REGISTERED('14399840'),
	},
	{
		name: 'a Romanian company not registered for VAT',
		customer: { ...customer, company: 'Atelier Mic SRL', vatNumber: '32401230' },
		registered: DOMESTIC('32401230'),
		notRegistered: NOT_REGISTERED('32401230'),
	},
	{
		name: 'a customer outside the EU (the shop ships to the US)',
		customer: american,
		registered: {
			treatment: 'export',
			category: 'G',
			rate: '0',
			exemption: 'VATEX-EU-G',
			legalId: '0000000000000',
			vatNumber: null,
			withoutVat: true,
			mention: 'conform art. 294 alin. (1) lit. a) Cod fiscal: export de bunuri',
		},
		notRegistered: NOT_REGISTERED('0000000000000'),
	},
]

describe.each(ENGINES)('invoices and credit notes for every buyer on %s', (engine) => {
	let database: TestDatabase
	let db: TestDatabase['handle']['db']
	let stripe: FakeStripe
	let vies: FakeVies
	let bnr: FakeBnr
	const log = pino({ level: 'silent' })
	// Shipping as a shop that has not yet set zones in the admin prices it: from the SHIPPING_* settings (ADR 0240).
	const env = parseEnv({
		PUBLIC_URL: 'http://shop.test',
		SHIPPING_RO: '9.99',
		SHIPPING_ES: '14.90',
		SHIPPING_EU: '14.90',
		SHIPPING_WORLD: '29.90',
		SHIP_TO_COUNTRIES: [...EU_COUNTRIES, 'US'].join(','),
	})
	let candleId: string

	beforeAll(async () => {
		database = await createTestDatabase(engine, { label: 'taxinvoices' })
		db = database.handle.db
		stripe = await startFakeStripe()
		vies = await startFakeVies({ registered: { [VALID_VAT_NUMBER]: 'Kerzen Werk GmbH' }, unavailable: [UNCHECKABLE_VAT_NUMBER] })
		bnr = await startFakeBnr()
		// Today's rate is out too (published after 13:00), yet a document of today takes the one before it.
		bnr.publish([
			{ date: daysAgo(0), eur: 4.9802 },
			{ date: daysAgo(2), eur: BNR_EUR },
			{ date: daysAgo(5), eur: 4.9712 },
		])
		expect(await refreshExchangeRates({ db, source: createBnrRateSource({ url: bnr.feedUrl, timeoutMs: 5000 }), log })).toEqual({ stored: 3 })
		candleId = (await createProduct(db, { priceCents: 2990, stock: null, name: 'Lumânare „Pădure de brad”' })).id
	})
	afterAll(async () => {
		await stripe?.close()
		await vies?.close()
		await bnr?.close()
		await database?.cleanup()
	})

	function invoicing(registered: boolean, oss: boolean): InvoicingConfig {
		return registered
			? { series: 'LC', seller: DEMO_SELLER, vat: { ...DEFAULT_VAT, oss }, ronPerEur: 4.97 }
			: { series: 'LC', seller: { ...DEMO_SELLER, taxId: '18547290' }, vat: { ...DEFAULT_VAT, registered: false, oss }, ronPerEur: 4.97 }
	}
	const mail = (config: InvoicingConfig): OrderEmailContext => ({
		shopAddress: 'Cluj-Napoca',
		publicUrl: 'http://shop.test',
		invoicing: config,
		linkSecret: 'tax-test',
	})
	/** A live Stripe account (sk_live_), so the documents are in the legal series. */
	const payments = () => createStripeProvider({ secretKey: 'sk_live_taxinvoices', apiUrl: stripe.url })

	function shop(config: InvoicingConfig, locale: 'ro' | 'en' | 'es') {
		return {
			locale,
			db,
			payments: payments(),
			clientIp: `198.51.100.${crypto.randomInt(1, 254)}`,
			secret: 'tax-invoices-secret',
			orderMail: mail(config),
			email: { nudge: () => {}, runOnce: async () => 0, stop: async () => {} },
			env,
			vatNumbers: createViesChecker({ url: vies.url, requesterVatNumber: DEMO_SELLER.taxId, timeoutMs: 5000, log }),
			log,
		}
	}
	const checkout = (config: InvoicingConfig, buyer: CheckoutForm, locale: 'ro' | 'en' | 'es' = 'en') =>
		placeCheckout(shop(config, locale), { lines: [{ kind: 'product', productId: candleId, quantity: 2 }], customer: buyer })

	/** Checkout, then Stripe's signed webhook of the paid session, then a full refund: the invoice and its credit note. */
	async function sellAndRefund(config: InvoicingConfig, buyer: CheckoutForm) {
		const placed = await checkout(config, buyer)
		expect(placed.body).toMatchObject({ ok: true })
		const orderId = (placed.body as { orderId: string }).orderId
		const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
		stripe.complete(order!.paymentSessionId!)
		const payload = stripe.event('checkout.session.completed', order!.paymentSessionId!)
		const webhook = readStripeWebhook(payload, stripe.sign(payload), stripe.webhookSecret)
		expect(webhook?.kind).toBe('payment')
		await handlePaymentEvent({ db, mail: mail(config) }, webhook!.event as Parameters<typeof handlePaymentEvent>[1])
		await refundOrder({ db, mail: mail(config), payments: payments() }, { orderId, mode: 'full', reason: 'Retur complet' })
		const documents = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.sequence)
		expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note'])
		const [paid] = await db.select().from(orders).where(eq(orders.id, orderId))
		return { order: paid!, invoice: documents[0]!, creditNote: documents[1]! }
	}

	async function checkDocument(number: string, expected: Expected, label: string) {
		const found = (await findDocument(db, number))!
		const { xml } = documentXml(found)
		everyDocument[`${engine}-${label}-${found.document.kind}`] = xml
		const root = parseXml(xml)
		expect(found.document.testMode).toBe(false)
		expect(found.document.taxTreatment).toBe(expected.treatment)

		// The category, rate and exemption of the breakdown and of every line.
		const category = one(root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory')
		expect(textAt(category, 'cbc:ID')).toBe(expected.category)
		expect(textAt(category, 'cbc:Percent') ?? null).toBe(expected.rate)
		expect(textAt(category, 'cbc:TaxExemptionReasonCode') ?? null).toBe(expected.exemption)
		if (expected.mention && expected.exemption) expect(textAt(category, 'cbc:TaxExemptionReason')).toContain(expected.mention)
		const lineElement = found.document.kind === 'invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine'
		for (const line of all(root, lineElement)) expect(textAt(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID')).toBe(expected.category)
		// The buyer's legal id (BT-47) and VAT number (BT-48).
		const buyer = one(root, 'cac:AccountingCustomerParty/cac:Party')
		expect(textAt(buyer, 'cac:PartyLegalEntity/cbc:CompanyID') ?? null).toBe(expected.legalId)
		expect(textAt(buyer, 'cac:PartyTaxScheme/cbc:CompanyID') ?? null).toBe(expected.vatNumber)
		const notes = all(root, 'cbc:Note').map((note) => note.text)
		if (expected.mention) expect(notes.some((note) => note.includes(expected.mention!))).toBe(true)

		// The VAT in lei: BNR's rate published before the day of issue, in the XML and the PDF.
		const vat = Math.round(Number(textAt(root, 'cac:TaxTotal/cbc:TaxAmount')) * 100)
		const inLei = all(root, 'cac:TaxTotal').find((total) => one(total, 'cbc:TaxAmount').attributes.currencyID === 'RON')!
		expect(Math.round(Number(textAt(inLei, 'cbc:TaxAmount')) * 100)).toBe(Math.round(vat * BNR_EUR))
		expect(found.document.tax.exchangeRate).toEqual({ ronPerEur: BNR_EUR, date: daysAgo(2), source: 'bnr' })
		const pdf = (await pdfText((await documentPdf(found)).bytes)).replace(/\s+/g, ' ')
		if (expected.mention) expect(pdf).toContain(expected.mention)
		if (expected.category === 'O') expect(pdf).not.toContain('TVA în lei')
		else {
			// A credit note's VAT in lei is negative, as its amounts are on the PDF.
			const lei = leiCents(found.document.vatCents, { ronPerEur: BNR_EUR })
			expect(pdf).toContain(`TVA în lei: ${formatAmount(lei, 'ro')} lei, la cursul BNR de 4,9761 lei/EUR din ${asRomanianDate(daysAgo(2))}`)
			expect(pdf).toContain(`VAT in lei: ${formatAmount(lei, 'en')} lei, at the BNR rate of 4.9761 lei/EUR of ${asRomanianDate(daysAgo(2))}`)
		}
		return { root, pdf }
	}

	for (const registered of [true, false]) {
		const seller = registered ? 'a seller registered for VAT' : 'a seller not registered for VAT'
		for (const sale of CASES) {
			it(`${seller}: ${sale.name}`, async () => {
				const expected = registered ? sale.registered : sale.notRegistered
				const config = invoicing(registered, sale.oss ?? false)
				const viesCalls = vies.requests.length
				const { order, invoice, creditNote } = await sellAndRefund(config, sale.customer)
				// 2 × 29.90 € and shipping; a sale bearing no VAT pays each price less the 21 % it contains.
				const shippingShown = { RO: 999, ES: 1490, DE: 1490, US: 2990 }[sale.customer.country]!
				const shown = 2 * 2990 + shippingShown
				const charged = expected.withoutVat ? 2 * 2471 + (shippingShown - Math.round((shippingShown * 21) / 121)) : shown
				expect(order.totalCents).toBe(charged)
				expect(invoice.totalCents).toBe(charged)
				expect(creditNote.totalCents).toBe(-charged)
				expect(order.tax?.treatment).toBe(expected.treatment)
				// VIES is asked only when the number decides the sale, and its answer is kept with the order.
				const asked = vies.requests.length > viesCalls
				expect(asked).toBe(registered && sale.customer.vatNumber.startsWith('DE'))
				if (expected.treatment === 'intra_community') {
					expect(order.tax?.vies).toMatchObject({
						status: 'valid',
						vatNumber: VALID_VAT_NUMBER,
						name: 'Kerzen Werk GmbH',
						requestDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
					})
					expect(order.tax?.vies?.requestIdentifier).toMatch(/^WAPI/)
				}
				if (registered && sale.customer.vatNumber === UNCHECKABLE_VAT_NUMBER)
					expect(order.tax?.vies).toMatchObject({ status: 'unavailable', error: 'MS_UNAVAILABLE' })

				const label = `${registered ? 'vat' : 'novat'}-${sale.name}`
				const { pdf } = await checkDocument(invoice.number, expected, label)
				await checkDocument(creditNote.number, expected, label)
				expect(pdf).toContain(`Regim TVA / VAT treatment`)
			})
		}
	}

	it('a VAT number VIES refuses: a clear message in the buyer’s language, no order; without it, the company pays VAT', async () => {
		const config = invoicing(true, false)
		const buyer = { ...german, vatNumber: REFUSED_VAT_NUMBER }
		const countOrders = async () => (await db.select({ id: orders.id }).from(orders).where(eq(orders.email, german.email))).length
		const before = await countOrders()
		const messages = {
			en: 'VIES, the EU register of VAT numbers, says DE987654321 is not a valid VAT number. Correct it, or leave it blank to pay with VAT.',
			ro: 'VIES, registrul UE al codurilor de TVA, spune că DE987654321 nu este un cod de TVA valid. Corectați-l sau lăsați câmpul gol pentru a plăti cu TVA.',
			es: 'VIES, el registro de NIF-IVA de la UE, indica que DE987654321 no es un NIF-IVA válido. Corrígelo o déjalo en blanco para pagar con IVA.',
		}
		for (const [locale, message] of Object.entries(messages) as ['en' | 'ro' | 'es', string][]) {
			const refused = await checkout(config, buyer, locale)
			expect(refused).toEqual({ status: 400, body: { ok: false, code: 'validation', errors: { fieldErrors: { vatNumber: message }, formError: message } } })
		}
		expect(await countOrders()).toBe(before)

		const { invoice, creditNote } = await sellAndRefund(config, { ...buyer, vatNumber: '' })
		for (const document of [invoice, creditNote]) await checkDocument(document.number, DOMESTIC('0000000000000'), `vat-vies-refused-${document.kind}`)
	})

	it('a CNP, a CUI or a VAT number with a wrong control digit: its message in the buyer’s language, and no order', async () => {
		const config = invoicing(true, false)
		const before = (await db.select({ id: orders.id }).from(orders)).length
		const wrong = [
			{ field: 'cnp', form: { ...customer, cnp: '1900515123457' } },
			{ field: 'vatNumber', form: { ...customer, company: 'Atelier Mic SRL', vatNumber: '32401231' } },
			{ field: 'vatNumber', form: { ...customer, company: 'Ceramica Veche SRL', vatNumber: 'RO14399841' } },
			{ field: 'vatNumber', form: { ...german, vatNumber: 'DE12345' } },
		]
		const messages = {
			cnp: {
				en: 'This CNP is not valid: check its 13 digits (the last one is a check digit).',
				ro: 'CNP-ul nu este valid: verificați cele 13 cifre (ultima este cifra de control).',
				es: 'El CNP no es válido: revisa sus 13 cifras (la última es de control).',
			},
			vatNumber: {
				en: 'Enter an EU VAT number with its country prefix (e.g. ESB12345678), or a Romanian CUI: check its digits',
				ro: 'Introduceți un cod de TVA UE cu prefixul țării (de ex. RO18547290) sau un CUI: verificați cifrele',
				es: 'Introduce un NIF-IVA de la UE con el prefijo del país (p. ej. ESB12345678) o un CUI rumano: revisa sus cifras',
			},
		}
		for (const { field, form } of wrong) {
			for (const locale of ['en', 'ro', 'es'] as const) {
				const answer = await handleCheckoutRequest(shop(config, locale), { items: [{ kind: 'product', productId: candleId, quantity: 1 }], shippingData: form })
				expect(answer).toEqual({
					status: 400,
					body: {
						ok: false,
						code: 'validation',
						errors: {
							fieldErrors: { [`shippingData.${field}`]: messages[field as 'cnp' | 'vatNumber'][locale] },
							formError: messages[field as 'cnp' | 'vatNumber'][locale],
						},
					},
				})
			}
		}
		expect((await db.select({ id: orders.id }).from(orders)).length).toBe(before)
	})

	it('a partial credit note keeps its invoice’s treatment and exchange rate', async () => {
		const config = invoicing(true, false)
		const placed = await checkout(config, american)
		const orderId = (placed.body as { orderId: string }).orderId
		const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
		stripe.complete(order!.paymentSessionId!)
		const payload = stripe.event('checkout.session.completed', order!.paymentSessionId!)
		await handlePaymentEvent({ db, mail: mail(config) }, readStripeWebhook(payload, stripe.sign(payload), stripe.webhookSecret)!.event as never)
		const [invoice] = await db
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
		// A partial refund of an amount: the credit note takes its invoice's treatment and rate as they are.
		await refundOrder({ db, mail: mail(config), payments: payments() }, { orderId, mode: 'amount', amountCents: 2471, reason: 'O lumânare spartă' })
		const [note] = await db
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')))
		expect(note!.tax).toEqual(invoice!.tax)
		expect(note!.totals.subtotals).toEqual([{ ratePercent: 0, taxableCents: -2471, vatCents: 0, grossCents: -2471 }])
		await checkDocument(note!.number, CASES.at(-1)!.registered, 'vat-partial-export')
	})
})

describe('every document of the run', () => {
	it('passes ANAF’s rules (UBL 2.1, EN 16931, CIUS-RO 1.0.9) with no fatal error', { timeout: 10 * 60_000 }, async () => {
		const names = Object.keys(everyDocument)
		expect(names.length).toBeGreaterThanOrEqual(ENGINES.length * (CASES.length * 4 + 3))
		// A control the rules must catch: the official EN 16931 example invoice, whose seller is not Romanian.
		const control = await fs.readFile(path.join(import.meta.dirname, '../support/einvoice/examples-en16931-invoice.xml'), 'utf8')
		const verdicts = await validateEInvoices({ ...everyDocument, control })
		expect(verdicts.find((v) => v.name === 'control')).toMatchObject({ valid: false, fatal: expect.arrayContaining(['RO:BR-RO-001']) })
		const failed = verdicts.filter((verdict) => verdict.name !== 'control' && !verdict.valid)
		expect(failed.map((f) => `${f.name}: ${f.fatal.join(' ')}\n${f.report}`)).toEqual([])
		expect(verdicts).toHaveLength(names.length + 1)
	})
})

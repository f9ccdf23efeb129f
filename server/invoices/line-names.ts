import type { TFunction } from 'i18next'
import type { Locale } from '#domain/enums.ts'
import { lineName, type LineName, type OrderForInvoice } from '#domain/invoices/invoice.ts'
import { serverI18n } from '../i18n.ts'
import { isPortrait, localizeOrderLines, type OrderLineSource } from '../orders/order-lines.ts'

/**
 * The names an invoice prints, taken once at issue and kept (ADR 0155): Romanian, as the law wants
 * every invoice, and the buyer's language beside it when the order was placed in another.
 */

/** A text of the shop's own (a label with its values) in Romanian and in `locale`. */
export function nameInBoth(locale: Locale, say: (t: TFunction) => string): LineName {
	const inLocale = (language: Locale) => say(serverI18n(language).getFixedT(language))
	return lineName(inLocale('ro'), locale === 'ro' ? null : inLocale(locale))
}

type OrderItem = OrderLineSource & { id: string; unitPriceCents: number; quantity: number }

/**
 * An order's items as an invoice lists them. A product is named as it was sold (the Romanian
 * snapshot of order_items.name) and in the buyer's language as the catalogue's translation says it
 * (ADR 0134; none yet: the Romanian alone); a portrait by its size in both languages.
 */
export async function invoiceItems(
	db: Parameters<typeof localizeOrderLines>[0],
	locale: Locale,
	items: readonly OrderItem[],
): Promise<OrderForInvoice['items']> {
	const buyers = locale === 'ro' ? null : await localizeOrderLines(db, locale, items)
	const ro = serverI18n('ro').getFixedT('ro')
	return items.map((item, index) => ({
		id: item.id,
		name: isPortrait(item) ? ro('checkout.portraitName', { size: String(item.options.dimension) }) : item.name,
		...(buyers ? { buyerName: buyers[index]!.name } : {}),
		unitPriceCents: item.unitPriceCents,
		quantity: item.quantity,
	}))
}

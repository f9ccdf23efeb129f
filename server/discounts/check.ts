import { inArray } from 'drizzle-orm'
import { products } from '#db/schema/index.ts'
import type { CartLine } from '#domain/cart-line.ts'
import { checkDiscount, lineEligible, type DiscountTerms } from '#domain/discounts.ts'
import { portraitPrice } from '#domain/portrait-price.ts'
import type { RequestContext } from '../context.ts'
import { serverI18n } from '../i18n.ts'
import { hitRateLimit } from '../security/rate-limit.ts'
import { discountMessage } from './messages.ts'
import { customerUses, findDiscountCode } from './redemptions.ts'

/** Codes tried per visitor address in the window: enough for typos, too few to guess codes. */
export const DISCOUNT_CHECK_LIMIT = { limit: 20, windowSeconds: 600 }

export type DiscountCheck = { ok: true; terms: DiscountTerms; eligible: boolean[]; message: string } | { ok: false; message: string; status: number }

/**
 * "Apply" at checkout (ADR 0255): whether the code may be used on this cart, checked against the
 * catalogue's prices, and what the page needs to preview it (its terms, the lines it applies to).
 * Nothing is held: placing the order checks it again and reserves the use.
 */
export async function checkDiscountCode(
	app: Pick<RequestContext, 'db' | 'locale' | 'clientIp'>,
	input: { code: string; lines: readonly CartLine[]; email: string },
	now = new Date(),
): Promise<DiscountCheck> {
	const t = serverI18n(app.locale).getFixedT(app.locale)
	const limit = await hitRateLimit(app.db, `discount:${app.clientIp}`, DISCOUNT_CHECK_LIMIT)
	if (!limit.allowed) return { ok: false, status: 429, message: t('checkout.failure') }
	const ids = [...new Set(input.lines.flatMap((line) => (line.kind === 'product' ? [line.productId] : [])))]
	const found = ids.length
		? await app.db
				.select({
					id: products.id,
					priceCents: products.priceCents,
					categoryId: products.categoryId,
					isActive: products.isActive,
					variantOf: products.variantOf,
				})
				.from(products)
				.where(inArray(products.id, ids))
		: []
	const byId = new Map(found.filter((p) => p.isActive).map((p) => [p.id, p]))
	const lines = input.lines.map((line) => {
		if (line.kind === 'portrait')
			return {
				productId: null,
				categoryId: null,
				lineCents: portraitPrice({ size: line.options.size, frame: line.options.frame, quantity: line.quantity }).unitCents * line.quantity,
			}
		const product = byId.get(line.productId)
		// A variant counts as its product (ADR 0264): a code for the product covers its variants.
		return {
			productId: product ? (product.variantOf ?? line.productId) : null,
			categoryId: product?.categoryId ?? null,
			lineCents: (product?.priceCents ?? 0) * line.quantity,
		}
	})
	const stored = await findDiscountCode(app.db, input.code)
	const email = input.email.includes('@') ? input.email : ''
	const uses = stored && email ? await customerUses(app.db, stored.id, email) : 0
	const subtotalCents = lines.reduce((sum, line) => sum + line.lineCents, 0)
	const checked = checkDiscount(stored?.rule ?? null, { lines, subtotalCents, customerUses: uses, now })
	if (!checked.ok) return { ok: false, status: 400, message: discountMessage(t, checked.problem, app.locale) }
	const { rule } = stored!
	const terms: DiscountTerms = {
		code: rule.code,
		kind: rule.kind,
		value: rule.value,
		minSubtotalCents: rule.minSubtotalCents,
		scope: rule.scope,
		categoryIds: [],
		productIds: [],
	}
	return { ok: true, terms, eligible: lines.map((line) => lineEligible(rule, line)), message: t('checkout.discount.applied', { code: rule.code }) }
}

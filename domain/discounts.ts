/**
 * Discount codes (ADR 0255): the pure rules. Which orders a code may take, how much it takes off
 * and how that amount splits over lines or VAT rates. No database: the server reads the code and
 * the customer's earlier uses and passes them in, so every rule is unit-tested alone.
 */

export const DISCOUNT_KINDS = ['percent', 'fixed', 'free_shipping'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

export const DISCOUNT_SCOPES = ['all', 'categories', 'products'] as const
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number]

/** The longest code the shop accepts; longer input is not a code. */
export const DISCOUNT_CODE_MAX = 40
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/

/** What a code does and when, as stored. */
export type DiscountTerms = {
	code: string
	kind: DiscountKind
	/** Percent (1–100) for 'percent', cents for 'fixed', 0 for 'free_shipping'. */
	value: number
	/** The subtotal (shown prices, before the discount) an order must reach; null: none. */
	minSubtotalCents: number | null
	scope: DiscountScope
	categoryIds: readonly string[]
	productIds: readonly string[]
}

export type DiscountRule = DiscountTerms & {
	isActive: boolean
	startsAt: Date | null
	endsAt: Date | null
	maxUses: number | null
	maxUsesPerCustomer: number | null
	/** Uses held by unpaid orders and taken by paid ones. */
	uses: number
}

export type DiscountProblemCode = 'unknown' | 'notStarted' | 'expired' | 'usedUp' | 'usedByCustomer' | 'belowMinimum' | 'notApplicable'

export type DiscountProblem = { code: DiscountProblemCode; minSubtotalCents?: number }

/** A line as the rules see it: what is charged for it and what it is. */
export type DiscountLine = { productId: string | null; categoryId: string | null; lineCents: number }

/** Codes are case-insensitive and typed with stray spaces: one form to store and look up. */
export function normaliseCode(input: string): string {
	return input.trim().toUpperCase()
}

/** Whether a line is one the code takes something off. A portrait (no product) counts only for a code on everything. */
export function lineEligible(
	terms: Pick<DiscountTerms, 'scope' | 'categoryIds' | 'productIds'>,
	line: Pick<DiscountLine, 'productId' | 'categoryId'>,
): boolean {
	if (terms.scope === 'all') return true
	if (terms.scope === 'products') return line.productId !== null && terms.productIds.includes(line.productId)
	return line.categoryId !== null && terms.categoryIds.includes(line.categoryId)
}

/**
 * Whether `rule` may be used now on an order of these lines by a customer who has used it
 * `customerUses` times. `subtotalCents` is the order's subtotal at its shown prices (the minimum
 * is told in those). The first problem found is the one the customer is told.
 */
export function checkDiscount(
	rule: DiscountRule | null,
	order: { lines: readonly DiscountLine[]; subtotalCents: number; customerUses: number; now: Date },
): { ok: true } | { ok: false; problem: DiscountProblem } {
	if (!rule || !rule.isActive) return { ok: false, problem: { code: 'unknown' } }
	if (rule.startsAt && order.now < rule.startsAt) return { ok: false, problem: { code: 'notStarted' } }
	if (rule.endsAt && order.now >= rule.endsAt) return { ok: false, problem: { code: 'expired' } }
	if (rule.maxUses !== null && rule.uses >= rule.maxUses) return { ok: false, problem: { code: 'usedUp' } }
	if (rule.maxUsesPerCustomer !== null && order.customerUses >= rule.maxUsesPerCustomer) return { ok: false, problem: { code: 'usedByCustomer' } }
	if (rule.kind !== 'free_shipping' && !order.lines.some((line) => lineEligible(rule, line))) return { ok: false, problem: { code: 'notApplicable' } }
	if (rule.minSubtotalCents !== null && order.subtotalCents < rule.minSubtotalCents)
		return { ok: false, problem: { code: 'belowMinimum', minSubtotalCents: rule.minSubtotalCents } }
	return { ok: true }
}

/** What a code takes off: from the goods, and from shipping (a free-shipping code). Cents, never negative. */
export type DiscountAmount = { goodsCents: number; shippingCents: number }

export const NO_DISCOUNT: DiscountAmount = { goodsCents: 0, shippingCents: 0 }

/**
 * The amount off an order: a percentage of the eligible lines (rounded half up to the cent), a
 * fixed amount up to what the eligible lines cost, or the whole shipping. Never more than what it
 * applies to, so a total never goes below zero.
 */
export function discountAmount(terms: DiscountTerms, lines: readonly { lineCents: number; eligible: boolean }[], shippingCents: number): DiscountAmount {
	const eligibleCents = lines.reduce((sum, line) => sum + (line.eligible ? line.lineCents : 0), 0)
	switch (terms.kind) {
		case 'percent':
			return { goodsCents: Math.min(eligibleCents, Math.floor((eligibleCents * terms.value + 50) / 100)), shippingCents: 0 }
		case 'fixed':
			return { goodsCents: Math.min(eligibleCents, terms.value), shippingCents: 0 }
		case 'free_shipping':
			return { goodsCents: 0, shippingCents }
	}
}

/**
 * `amountCents` split in proportion to `weights` by largest remainder, so the parts add up to it
 * exactly (a discount over the lines it applies to, or over an invoice's VAT rates). Ties go to the
 * earlier weight; a zero weight gets nothing.
 */
export function allocate(amountCents: number, weights: readonly number[]): number[] {
	const total = weights.reduce((sum, weight) => sum + weight, 0)
	if (total <= 0 || amountCents === 0) return weights.map(() => 0)
	const parts = weights.map((weight) => Math.floor((amountCents * weight) / total))
	let left = amountCents - parts.reduce((sum, part) => sum + part, 0)
	const order = weights
		.map((weight, i) => ({ i, remainder: (amountCents * weight) % total }))
		.filter(({ i }) => weights[i]! > 0)
		.sort((a, b) => b.remainder - a.remainder || a.i - b.i)
	for (let k = 0; left > 0; k++, left--) parts[order[k % order.length]!.i]!++
	return parts
}

/** How an order keeps the code it was placed with: enough for its pages, e-mails and invoice. */
export type AppliedDiscount = { code: string; kind: DiscountKind; value: number; goodsCents: number; shippingCents: number }

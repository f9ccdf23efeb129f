import type { TFunction } from 'i18next'
import type { DiscountProblem } from '#domain/discounts.ts'
import { formatEuro } from '#domain/money.ts'

/** Why a code was refused, in the customer's language (checkout.discount.errors.*). */
export function discountMessage(t: TFunction, problem: DiscountProblem, locale: string): string {
	return t(`checkout.discount.errors.${problem.code}`, problem.minSubtotalCents ? { min: formatEuro(problem.minSubtotalCents, locale) } : {})
}

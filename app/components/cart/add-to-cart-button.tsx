import { useId, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { remainingStock } from '#domain/cart.ts'
import { WHOLE, parseLocaleNumber } from '#domain/locale-number.ts'
import { NumberInput } from '../number-input.tsx'
import { useCart } from './cart-context.tsx'

export type AddToCartProduct = {
	id: string
	slug: string
	name: string
	priceCents: number
	image: string | null
	/** Units available when the page was rendered; null = made to order. */
	stock: number | null
	/** A made-to-order product's working days before it ships, which the cart line repeats. */
	leadTimeDays?: number | null
}

/**
 * Quantity picker and "Add to cart" button for a product page. With stock 0 the button is
 * disabled (the page's stock line says "out of stock"); the quantity (plus what is already in the cart) never exceeds the rendered stock.
 */
export function AddToCartButton({ product, className }: { product: AddToCartProduct; className?: string }) {
	const { t } = useTranslation()
	const { items, ready, add } = useCart()
	const quantityId = useId()
	const errorId = useId()
	// What was typed, kept as typed; a number the cart cannot take is said, not guessed.
	const [typed, setTyped] = useState('1')
	const [invalid, setInvalid] = useState(false)
	// A quantity cut to the stock: what was asked for, and how many went into the cart once added; kept until the field is typed in again.
	const [cut, setCut] = useState<{ asked: number; added: number | null } | null>(null)
	const remaining = remainingStock(items, product.id, product.stock)
	const reading = parseLocaleNumber(typed, WHOLE)
	const wanted = reading.ok && reading.value > 0 ? reading.value : null
	const quantity = Math.max(1, Math.min(wanted ?? 1, remaining))
	const soldOut = product.stock !== null && product.stock <= 0
	const disabled = soldOut || remaining <= 0
	// Until the page's JavaScript has loaded the stored cart, a tap could do nothing (ADR 0015): say so instead.
	const waiting = !ready && !disabled
	// More than is left is said as it is typed, and again once fewer were added: never a silent cut.
	const notice =
		cut && cut.added !== null
			? t('cart.addedFewer', { wanted: cut.asked, count: cut.added })
			: remaining > 0 && (cut || (wanted !== null && wanted > remaining))
				? t('cart.onlyLeft', { count: remaining })
				: null

	return (
		<div className="flex flex-wrap items-end gap-3">
			{soldOut ? null : (
				<div>
					<label htmlFor={quantityId} className="block text-sm font-medium">
						{t('cart.quantity')}
					</label>
					<NumberInput
						id={quantityId}
						format={WHOLE}
						value={disabled ? String(quantity) : typed}
						disabled={disabled}
						aria-invalid={invalid || undefined}
						aria-describedby={invalid ? errorId : undefined}
						onChange={(event) => {
							setTyped(event.target.value)
							setInvalid(false)
							setCut(null)
						}}
						// More than is left shows what can still be added, and says why.
						onBlur={() => {
							if (wanted === null || wanted === quantity) return
							setTyped(String(quantity))
							if (wanted > quantity) setCut({ asked: wanted, added: null })
						}}
						className="mt-1 w-20 rounded-lg border border-muted/40 bg-white px-3 py-2 disabled:opacity-60"
					/>
				</div>
			)}
			<button
				type="button"
				disabled={disabled || waiting}
				aria-busy={waiting || undefined}
				onClick={() => {
					if (wanted === null) {
						setInvalid(true)
						return
					}
					add(
						{
							id: product.id,
							line: { kind: 'product', productId: product.id },
							name: product.name,
							price: product.priceCents,
							image: product.image,
							...(product.stock === null ? {} : { maxQuantity: product.stock }),
							...(product.leadTimeDays ? { leadTimeDays: product.leadTimeDays } : {}),
						},
						quantity,
					)
					const asked = Math.max(wanted, cut?.asked ?? 0)
					setCut(asked > quantity ? { asked, added: quantity } : null)
					setTyped('1')
				}}
				className={className ?? 'btn-primary'}
			>
				{t('nav.addToCart')}
			</button>
			{invalid ? (
				<p id={errorId} role="alert" className="w-full text-sm font-medium text-danger">
					{t('cart.quantityInvalid')}
				</p>
			) : null}
			{notice ? (
				<p role="status" data-testid="quantity-notice" className="w-full text-sm font-medium text-warning">
					{notice}
				</p>
			) : null}
			{/* Sold out is said once, by the product page's stock line. */}
			{!soldOut && remaining <= 0 ? <p className="w-full text-sm text-muted">{t('cart.allInCart')}</p> : null}
		</div>
	)
}

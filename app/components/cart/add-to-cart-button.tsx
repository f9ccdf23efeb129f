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
	const remaining = remainingStock(items, product.id, product.stock)
	const reading = parseLocaleNumber(typed, WHOLE)
	const wanted = reading.ok && reading.value > 0 ? reading.value : null
	const quantity = Math.max(1, Math.min(wanted ?? 1, remaining))
	const soldOut = product.stock !== null && product.stock <= 0
	const disabled = soldOut || remaining <= 0
	// Until the page's JavaScript has loaded the stored cart, a tap could do nothing (ADR 0015): say so instead.
	const waiting = !ready && !disabled

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
						}}
						// More than is left shows what can still be added.
						onBlur={() => {
							if (wanted !== null && wanted !== quantity) setTyped(String(quantity))
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
					setTyped('1')
				}}
				className={className ?? 'rounded-full bg-clay-dark px-6 py-3 font-medium text-white hover:bg-ink disabled:cursor-not-allowed disabled:opacity-50'}
			>
				{t('nav.addToCart')}
			</button>
			{invalid ? (
				<p id={errorId} role="alert" className="w-full text-sm font-medium text-red-800">
					{t('cart.quantityInvalid')}
				</p>
			) : null}
			{/* Sold out is said once, by the product page's stock line. */}
			{!soldOut && remaining <= 0 ? <p className="w-full text-sm text-muted">{t('cart.allInCart')}</p> : null}
		</div>
	)
}

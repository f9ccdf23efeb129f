import { useId, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { remainingStock } from '#domain/cart.ts'
import { useCart } from './cart-context.tsx'

export type AddToCartProduct = {
	id: string
	slug: string
	name: string
	priceCents: number
	image: string | null
	/** Units available when the page was rendered; null = made to order. */
	stock: number | null
}

/**
 * Quantity picker and "Add to cart" button for a product page. With stock 0 the button is
 * disabled (the page's stock line says "out of stock"); the quantity (plus what is already in the cart) never exceeds the rendered stock.
 */
export function AddToCartButton({ product, className }: { product: AddToCartProduct; className?: string }) {
	const { t } = useTranslation()
	const { items, ready, add } = useCart()
	const quantityId = useId()
	const [wanted, setWanted] = useState(1)
	const remaining = remainingStock(items, product.id, product.stock)
	const quantity = Math.max(1, Math.min(wanted, remaining))
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
					<input
						id={quantityId}
						type="number"
						inputMode="numeric"
						min={1}
						max={Math.max(1, remaining)}
						step={1}
						value={quantity}
						disabled={disabled}
						onChange={(event) => {
							const next = Math.trunc(Number(event.target.value))
							setWanted(Number.isFinite(next) && next > 0 ? next : 1)
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
					add(
						{
							id: product.id,
							line: { kind: 'product', productId: product.id },
							name: product.name,
							price: product.priceCents,
							image: product.image,
							...(product.stock === null ? {} : { maxQuantity: product.stock }),
						},
						quantity,
					)
					setWanted(1)
				}}
				className={className ?? 'rounded-full bg-clay-dark px-6 py-3 font-medium text-white hover:bg-ink disabled:cursor-not-allowed disabled:opacity-50'}
			>
				{t('nav.addToCart')}
			</button>
			{/* Sold out is said once, by the product page's stock line. */}
			{!soldOut && remaining <= 0 ? <p className="w-full text-sm text-muted">{t('cart.allInCart')}</p> : null}
		</div>
	)
}

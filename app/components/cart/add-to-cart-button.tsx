import { useTranslation } from 'react-i18next'

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
 * Adds a product to the cart. Contract: disabled when stock is 0.
 * STUB until the cart issue lands: renders the button only.
 */
export function AddToCartButton({ product, className }: { product: AddToCartProduct; className?: string }) {
	const { t } = useTranslation()
	return (
		<button type="button" disabled={product.stock === 0} className={className}>
			{t('nav.addToCart')}
		</button>
	)
}

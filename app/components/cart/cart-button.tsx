import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/**
 * Header cart control. Contract: no props; shows the item count and opens the cart side panel.
 * STUB until the cart issue lands: a plain link to /cart.
 */
export function CartButton() {
	const { t } = useTranslation()
	return (
		<Link to="/cart" className="rounded-full px-3 py-2 text-sm hover:text-clay-dark">
			{t('nav.cart')}
		</Link>
	)
}

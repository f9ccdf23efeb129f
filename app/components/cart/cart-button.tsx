import { useRef, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Link } from '#app/components/link.tsx'
import { formatEuro } from '#domain/money.ts'
import { useCart } from './cart-context.tsx'
import { CartLine } from './cart-lines.tsx'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

function BagIcon() {
	return (
		<svg
			aria-hidden="true"
			viewBox="0 0 24 24"
			className="size-5"
			fill="none"
			stroke="currentColor"
			strokeWidth="1.8"
			strokeLinecap="round"
			strokeLinejoin="round"
		>
			<path d="M6 7h12l1 13H5L6 7Z" />
			<path d="M9 10V6a3 3 0 0 1 6 0v4" />
		</svg>
	)
}

/**
 * Header cart control: shows the item count (nothing on the server, which cannot know the cart)
 * and opens the cart side panel.
 */
export function CartButton() {
	const { t, i18n } = useTranslation()
	const lp = useLocalizedPath()
	const { items, ready, count, totalCents } = useCart()
	const dialog = useRef<HTMLDialogElement>(null)
	// The lines are rendered only while the panel is open: the page behind it may list the same cart.
	const [open, setOpen] = useState(false)
	const close = () => dialog.current?.close()
	return (
		<>
			<button
				type="button"
				aria-haspopup="dialog"
				onClick={() => {
					setOpen(true)
					dialog.current?.showModal()
				}}
				className="relative flex items-center gap-1 rounded-full px-3 py-2 text-sm hover:text-clay-dark"
			>
				<BagIcon />
				{/* The name is the visible text plus hidden words ("Cart 3 items", "Cart empty"), so speech
				    users can say what they see (WCAG 2.5.3); a hidden badge (0) adds nothing to it. */}
				<span>{t('cart.open')}</span>
				<span
					data-testid="cart-count"
					className={`grid min-w-5 place-items-center rounded-full px-1 text-xs font-semibold ${ready && count > 0 ? 'bg-clay-dark text-white' : 'invisible'}`}
				>
					{ready ? count : ''}
				</span>
				{ready ? <span className="sr-only">{count > 0 ? t('cart.itemsWord', { count }) : t('cart.emptyWord')}</span> : null}
			</button>
			<dialog
				ref={dialog}
				aria-labelledby="cart-panel-title"
				onClose={() => setOpen(false)}
				onClick={(event) => {
					if (event.target === event.currentTarget) close()
				}}
				className="m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/40"
			>
				<div className="flex h-full flex-col">
					<div className="flex items-center justify-between border-b border-sand px-5 py-4">
						<h2 id="cart-panel-title" className="font-serif text-2xl">
							{t('cart.title')}
						</h2>
						<button type="button" onClick={close} aria-label={t('cart.close')} className="grid size-10 place-items-center rounded-full text-2xl hover:bg-sand">
							<span aria-hidden="true">×</span>
						</button>
					</div>
					{!open ? null : items.length === 0 ? (
						<div className="flex flex-1 flex-col items-center justify-center gap-4 px-5 text-center">
							<p className="font-medium">{t('cart.empty')}</p>
							<p className="text-sm text-muted">{t('cart.emptyText')}</p>
							<Link to={lp('/catalog')} onClick={close} className="btn-primary">
								{t('cart.toCatalog')}
							</Link>
						</div>
					) : (
						<>
							<ul className="flex-1 divide-y divide-sand overflow-y-auto px-5" aria-label={t('cart.title')}>
								{items.map((line) => (
									<CartLine key={line.id} line={line} />
								))}
							</ul>
							<div className="border-t border-sand px-5 py-4">
								<p className="flex justify-between text-lg font-semibold">
									<span>{t('cart.total')}</span>
									<span data-testid="panel-total" className="tabular-nums">
										{formatEuro(totalCents, i18n.language)}
									</span>
								</p>
								{/* Straight to checkout from the panel; the cart page stays one step away for editing. */}
								<Link to={lp('/checkout')} onClick={close} className="mt-4 w-full btn-primary">
									{t('cart.checkout')}
								</Link>
								<Link to={lp('/cart')} onClick={close} className="mt-2 w-full btn-secondary">
									{t('cart.viewCart')}
								</Link>
							</div>
						</>
					)}
				</div>
			</dialog>
		</>
	)
}

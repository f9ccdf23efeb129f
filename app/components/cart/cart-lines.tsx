import { SaleBadge } from '../catalog/sale-price.tsx'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { CART_MAX_QUANTITY, type CartItem } from '#domain/cart.ts'
import { formatEuro } from '#domain/money.ts'
import { frameLabel } from '../portrait/frame-label.ts'
import { useCart } from './cart-context.tsx'

const OPTION_ORDER = ['dimension', 'persons', 'withCar', 'withPet', 'frame', 'description', 'uploadedImage'] as const

type OptionValue = string | boolean | null | { attached: true }

/** What a line's options are called in the cart: a portrait's size, people, frame… and its photo. */
function optionsOf(item: CartItem): Record<string, OptionValue> {
	if (item.line.kind !== 'portrait') return {}
	const { size, ...rest } = item.line.options
	return { dimension: size, ...rest, uploadedImage: { attached: true } }
}

/** The options of a line (portrait size, people, frame…) as label/value pairs in the visitor's language. */
export function useOptionRows(options: Record<string, OptionValue>) {
	const { t, i18n } = useTranslation()
	const rows: { key: string; label: string; value: string }[] = []
	for (const key of OPTION_ORDER) {
		const value = options[key]
		if (value === undefined || value === null || value === '') continue
		let shown: string
		if (typeof value === 'boolean') shown = value ? t('cart.options.yes') : t('cart.options.no')
		else if (typeof value === 'object') shown = t('cart.options.attached')
		else if (key === 'frame') shown = frameLabel(t, value, i18n.language)
		else if (key === 'dimension') shown = t('portrait.sizeOption', { size: value })
		else shown = String(value)
		rows.push({ key, label: t(`cart.options.${key}`), value: shown })
	}
	return rows
}

function LineOptions({ options }: { options: Record<string, OptionValue> }) {
	const rows = useOptionRows(options)
	if (rows.length === 0) return null
	return (
		<dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted">
			{rows.map((row) => (
				<div key={row.key} className="contents">
					<dt>{row.label}:</dt>
					<dd className="line-clamp-2 break-words">{row.value}</dd>
				</div>
			))}
		</dl>
	)
}

function QuantityStepper({ line }: { line: CartItem }) {
	const { t } = useTranslation()
	const { setQuantity } = useCart()
	const max = Math.min(line.maxQuantity ?? CART_MAX_QUANTITY, CART_MAX_QUANTITY)
	const button = 'grid size-9 place-items-center rounded-full border border-muted/40 bg-white text-lg leading-none hover:border-clay-dark disabled:opacity-50'
	return (
		<div className="flex items-center gap-2">
			<button
				type="button"
				className={button}
				aria-label={t('cart.decrease', { name: line.name })}
				onClick={() => setQuantity(line.id, line.line.quantity - 1)}
			>
				<span aria-hidden="true">−</span>
			</button>
			<output className="min-w-6 text-center tabular-nums" aria-label={t('cart.quantityOf', { name: line.name })}>
				{line.line.quantity}
			</output>
			<button
				type="button"
				className={button}
				aria-label={t('cart.increase', { name: line.name })}
				disabled={line.line.quantity >= max}
				onClick={() => setQuantity(line.id, line.line.quantity + 1)}
			>
				<span aria-hidden="true">+</span>
			</button>
		</div>
	)
}

/**
 * One cart line: picture, name, options, unit price, −/+, remove and (on the cart and checkout pages)
 * the line total. `problem` is the server's message about this line (e.g. out of stock at checkout).
 */
export function CartLine({ line, showLineTotal = false, problem }: { line: CartItem; showLineTotal?: boolean; problem?: string }) {
	const { t, i18n } = useTranslation()
	const { remove } = useCart()
	return (
		<li className="flex gap-3 py-4" data-testid="cart-line" data-line-id={line.id}>
			{line.image ? (
				<img src={line.image} alt="" width={80} height={80} loading="lazy" className="size-20 shrink-0 rounded-lg bg-sand object-cover" />
			) : (
				<div aria-hidden="true" className="size-20 shrink-0 rounded-lg bg-sand" />
			)}
			<div className="min-w-0 flex-1">
				<div className="flex items-start justify-between gap-2">
					<h3 className="font-medium">{line.name}</h3>
					{showLineTotal ? (
						<p className="shrink-0 font-semibold tabular-nums">
							<span className="sr-only">{t('cart.lineTotal')}: </span>
							<span data-testid="line-total">{formatEuro(line.price * line.line.quantity, i18n.language)}</span>
						</p>
					) : null}
				</div>
				<p className="text-sm text-muted">
					<span className="sr-only">{t('cart.unitPrice')}: </span>
					{t('cart.each', { price: formatEuro(line.price, i18n.language) })}
					{line.sale ? (
						<>
							{' '}
							<s data-testid="prior-price" aria-label={`${t('product.sale.prior')}: ${formatEuro(line.sale.priorCents, i18n.language)}`}>
								{formatEuro(line.sale.priorCents, i18n.language)}
							</s>
						</>
					) : null}
				</p>
				{line.sale ? (
					<p className="text-xs text-muted" data-testid="prior-price-note">
						<SaleBadge sale={line.sale} t={t} className="mr-1" />
						{t('product.sale.priorNote', { price: formatEuro(line.sale.priorCents, i18n.language) })}
					</p>
				) : null}
				<LineOptions options={optionsOf(line)} />
				{line.leadTimeDays ? (
					<p className="text-sm text-muted" data-testid="line-lead-time">
						{t('product.leadTime', { count: line.leadTimeDays })}
					</p>
				) : null}
				{problem ? (
					<p role="alert" className="mt-1 text-sm text-danger">
						{problem}
					</p>
				) : null}
				<div className="mt-2 flex flex-wrap items-center justify-between gap-2">
					<QuantityStepper line={line} />
					<button
						type="button"
						className="text-sm text-clay-dark underline underline-offset-2 hover:text-ink"
						aria-label={t('cart.remove', { name: line.name })}
						onClick={() => remove(line.id)}
					>
						{t('cart.removeShort')}
					</button>
				</div>
			</div>
		</li>
	)
}

import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Link } from '#app/components/link.tsx'
import type { PickerOption } from '#domain/variants.ts'

/**
 * A product's variant picker (ADR 0264): per option, its values as links to the page of the variant
 * each leads to (`?variant=…`), so the address keeps the choice, a choice works before the page's
 * JavaScript has loaded, and a shared link opens the same variant. A sold-out value stays shown,
 * struck through, and leads to its variant's page, which says it is sold out.
 */
export function VariantPicker({ options, sku }: { options: PickerOption[]; sku: string | null }) {
	const { t } = useTranslation()
	return (
		<div className="mt-6 space-y-4" data-testid="variant-picker">
			{options.map((option) => (
				<fieldset key={option.label}>
					<legend className="text-sm font-medium">{option.label}</legend>
					<ul className="mt-2 flex flex-wrap gap-2">
						{option.values.map((value) => (
							<li key={value.label}>
								<Link
									to={`?variant=${value.variantId}`}
									replace
									preventScrollReset
									aria-current={value.selected ? 'true' : undefined}
									className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border px-4 text-sm font-medium ${
										value.selected ? 'border-clay-dark bg-clay-dark text-white' : 'border-sand bg-white hover:border-clay-dark'
									} ${value.available ? '' : 'text-muted line-through'}`}
								>
									{value.label}
									{value.available ? null : <span className="sr-only"> ({t('product.outOfStock')})</span>}
								</Link>
							</li>
						))}
					</ul>
				</fieldset>
			))}
			{sku ? (
				<p className="text-xs text-muted" data-testid="variant-sku">
					{t('product.sku')}: {sku}
				</p>
			) : null}
		</div>
	)
}

import { useState } from 'react'
import { useFetcher } from 'react-router'
import { adminT } from '#domain/i18n/admin.ts'
import { NEW_VARIANT_ROWS, type VariantFormRow, type VariantsForm } from '#domain/forms/admin-variants.ts'
import type { AdminRejection } from '#domain/forms/submission.ts'
import { isRejected } from '#app/lib/forms/submission.ts'
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from './ui.tsx'
import { NumberInput } from '../number-input.tsx'
import { MONEY, WHOLE } from '#domain/locale-number.ts'
import { useToastResult } from './use-toast-result.ts'

const EMPTY_ROW: VariantFormRow = { id: '', values: '', sku: '', price: '', salePrice: '', stock: '', weightGrams: '', image: '' }

const COLUMNS = [
	{ name: 'variantValues', key: 'values', label: 'variants.values', error: 'values', width: 'min-w-40' },
	{ name: 'variantSku', key: 'sku', label: 'variants.sku', error: 'sku', width: 'min-w-28' },
	{ name: 'variantPrice', key: 'price', label: 'variants.price', error: 'price', width: 'w-24', format: MONEY },
	{ name: 'variantSalePrice', key: 'salePrice', label: 'variants.salePrice', error: 'salePrice', width: 'w-24', format: MONEY },
	{ name: 'variantStock', key: 'stock', label: 'variants.stock', error: 'stock', width: 'w-20', format: WHOLE },
	{ name: 'variantWeight', key: 'weightGrams', label: 'variants.weight', error: 'weight', width: 'w-24', format: WHOLE },
	{ name: 'variantImage', key: 'image', label: 'variants.image', error: 'image', width: 'min-w-40' },
] as const

/**
 * A product's options and variants (ADR 0264), beside its form: one row per variant and blank rows
 * for new ones, saved together by their own button. The fields keep what was typed when a save is
 * refused; a save that goes through reloads the page with the rows as stored (the form is keyed by
 * their stamp).
 */
export function VariantsSection({ productId, variants }: { productId: string; variants: VariantsForm }) {
	const fetcher = useFetcher<AdminRejection>()
	useToastResult(fetcher.data)
	// A refusal belongs to the rows it refused: once a save has gone through, the page's rows are new.
	const refused = isRejected(fetcher.data) && fetcher.data.values.variantsStamp === variants.stamp
	const errors = refused ? (fetcher.data as AdminRejection).errors.fieldErrors : {}
	const rows = [...variants.variants, ...Array.from({ length: NEW_VARIANT_ROWS }, () => EMPTY_ROW)]
	const saving = fetcher.state !== 'idle'
	// A product sold as itself shows only the way to add variants: its form stays about the product.
	const [open, setOpen] = useState(variants.variants.length > 0)
	return (
		<section aria-labelledby="variants-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm" data-testid="variants-section">
			<h2 id="variants-title" className="font-serif text-xl">
				{adminT('variants.title')}
			</h2>
			<p className="mt-1 text-sm text-muted">{adminT('variants.intro')}</p>
			{open ? null : (
				<button type="button" className={`${buttonSecondary} mt-4`} onClick={() => setOpen(true)}>
					{adminT('variants.add')}
				</button>
			)}
			{open ? (
				<fetcher.Form key={variants.stamp} method="post" action={`/admin/products/${productId}/variants`} noValidate className="mt-4 space-y-4">
					<input type="hidden" name="variantsStamp" value={variants.stamp} />
					<div>
						<label htmlFor="variant-options" className={labelClass}>
							{adminT('variants.optionNames')}
						</label>
						<input
							id="variant-options"
							name="optionNames"
							defaultValue={variants.optionNames}
							aria-invalid={errors.optionNames ? true : undefined}
							aria-describedby="variant-options-hint variant-options-error"
							className={inputClass}
						/>
						<p id="variant-options-hint" className="mt-1 text-xs text-muted">
							{adminT('variants.optionNamesHint')}
						</p>
						{errors.optionNames ? (
							<p id="variant-options-error" className="mt-1 text-sm text-red-700">
								{errors.optionNames}
							</p>
						) : null}
					</div>
					<p className="text-xs text-muted">
						{adminT('variants.valuesHint')} {adminT('variants.stock')}: {adminT('variants.stockHint')}.
					</p>
					<div className="overflow-x-auto">
						<table className="w-full text-sm">
							<thead>
								<tr className="text-left">
									{COLUMNS.map((column) => (
										<th key={column.name} scope="col" className="px-1 pb-1 font-medium">
											{adminT(column.label)}
										</th>
									))}
								</tr>
							</thead>
							<tbody>
								{rows.map((row, index) => (
									<VariantRow key={row.id || `new-${index}`} row={row} index={index} errors={errors} />
								))}
							</tbody>
						</table>
					</div>
					<SaleWindowFields variants={variants} errors={errors} />
					<div className="flex justify-end">
						<button type="submit" className={buttonPrimary} disabled={saving}>
							{saving ? adminT('common.saving') : adminT('variants.save')}
						</button>
					</div>
				</fetcher.Form>
			) : null}
		</section>
	)
}

function VariantRow({ row, index, errors }: { row: VariantFormRow; index: number; errors: Record<string, string> }) {
	const rowLabel = row.id ? row.values : `${adminT('variants.newRow')} ${index + 1}`
	return (
		<tr data-testid="variant-row" className="align-top">
			{COLUMNS.map((column) => {
				const error = errors[`variant.${index}.${column.error}`]
				const id = `variant-${index}-${column.error}`
				const field = {
					id,
					name: `${column.name}[]`,
					defaultValue: row[column.key],
					'aria-label': `${adminT(column.label)}, ${rowLabel}`,
					'aria-invalid': error ? true : undefined,
					'aria-describedby': error ? `${id}-error` : undefined,
					className: `${inputClass} mt-0 ${column.width}`,
				}
				return (
					<td key={column.name} className="px-1 py-1">
						{column.name === 'variantValues' ? (
							<>
								<input type="hidden" name="variantId[]" value={row.id} />
								<input type="hidden" name="variantLoadedStock[]" value={row.id ? row.stock : ''} />
							</>
						) : null}
						{'format' in column ? (
							// Amounts and counts through the one locale-aware input: "27,50" is 27.50 (ADR 0220).
							<NumberInput format={column.format} {...field} />
						) : (
							<input {...field} />
						)}
						{error ? (
							<p id={`${id}-error`} className="mt-1 text-xs text-red-700">
								{error}
							</p>
						) : null}
					</td>
				)
			})}
		</tr>
	)
}

/** One sale window for every variant given a reduced price (ADR 0264), in the shop's days as a product's sale. */
function SaleWindowFields({ variants, errors }: { variants: VariantsForm; errors: Record<string, string> }) {
	return (
		<fieldset className="space-y-2" aria-describedby="variant-sale-hint">
			<legend className="font-medium">{adminT('products.sale')}</legend>
			<p id="variant-sale-hint" className="text-xs text-muted">
				{adminT('variants.saleHint')}
			</p>
			<div className="grid gap-4 sm:grid-cols-2">
				{(['saleFirstDay', 'saleLastDay'] as const).map((name) => (
					<div key={name}>
						<label htmlFor={`variant-${name}`} className={labelClass}>
							{adminT(`products.${name}`)}
						</label>
						<input
							id={`variant-${name}`}
							name={name}
							type="date"
							defaultValue={variants[name]}
							aria-invalid={errors[name] ? true : undefined}
							aria-describedby={errors[name] ? `variant-${name}-error` : undefined}
							className={inputClass}
						/>
						{errors[name] ? (
							<p id={`variant-${name}-error`} className="mt-1 text-sm text-red-700">
								{errors[name]}
							</p>
						) : null}
					</div>
				))}
			</div>
		</fieldset>
	)
}

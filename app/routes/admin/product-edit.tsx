import { useEffect, useState } from 'react'
import { Form } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { listCategoryOptions } from '#server/catalog/admin-categories.ts'
import { getProductForEdit, saveProductContent, StockMovedError } from '#server/catalog/admin-products.ts'
import { notFound, rejectAdminSubmission, uuidParam, saveAdminForm } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { ProductImages } from '#app/components/admin/product-images.tsx'
import { AdminField, NameAndSlugFields, submittedCheckbox, submittedText, useAdminForm } from '#app/components/admin/form.tsx'
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { NumberInput } from '#app/components/number-input.tsx'
import { MONEY, WHOLE, type NumberFormat } from '#domain/locale-number.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { BADGES, CONTAINER_TYPES, PORTRAIT_SIZES, PRODUCT_KINDS, SCENTS, type ProductKind } from '#domain/enums.ts'
import {
	emptyProductForm,
	kindHasCandleFields,
	kindHasPortraitSize,
	productEditSchema,
	productFormSchema,
	type MeasureField,
	type ProductFormValues,
} from '#domain/forms/admin-product.ts'
import { keepTypedForm } from '#app/lib/forms/keep-typed-form.ts'
import { isRejected } from '#app/lib/forms/submission.ts'
import { formError } from '#domain/forms/submission.ts'
import type { Route } from './+types/product-edit'
import { getVariantsForEdit } from '#server/catalog/variants.ts'
import { VariantsSection } from '#app/components/admin/variants-section.tsx'

export async function loader({ params, context }: Route.LoaderArgs) {
	const { db } = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	const product = id ? await getProductForEdit(db, id) : null
	if (id && !product) notFound()
	const categories = await listCategoryOptions(db)
	return {
		id,
		values: product?.values ?? emptyProductForm,
		version: product?.version,
		saleState: product?.saleState ?? null,
		categories: categories.map(({ id, name }) => ({ id, name })),
		variants: id ? await getVariantsForEdit(db, id) : null,
	}
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `${loaderData?.id ? adminT('products.editTitle') : adminT('products.newTitle')} | ${adminT('nav.title')}` }]
}

/**
 * The product form, posted as a form (or JSON) and parsed with the same schema as the
 * browser's. Stock moved meanwhile: refused with the current figure as the new loadedStock; the
 * product saved meanwhile: refused with what changed and the newest version (ADR 0225).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
	const app = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	return saveAdminForm(app, request, {
		schema: productEditSchema,
		save: (value) => saveProductContent(app, id, value),
		saved: ({ created }) => ({ to: '/admin/products', title: created ? adminT('messages.productCreated') : adminT('messages.productUpdated') }),
		failure: adminT('messages.productSave'),
		what: 'product',
		// Deleted in another tab: the form stays as typed, with the spec's message (ADR 0126).
		gone: adminT('messages.productSave'),
		// Stock sold meanwhile: the form learns the stock now, so saving again applies the owner's figure to it.
		refuse: (error, values) => {
			if (!(error instanceof StockMovedError)) return undefined
			const loadedStock = error.currentStock === null ? '' : String(error.currentStock)
			return rejectAdminSubmission(formError(error.message, error.field), { ...values, loadedStock }, error.status, adminT('common.error'))
		},
	})
}

/** In the browser: a save the server cannot answer keeps the page and what was typed (ADR 0126). */
export const clientAction = keepTypedForm(adminT('messages.productSave'))

type TextField = Exclude<
	keyof ProductFormValues,
	'isActive' | 'customLabelAvailable' | 'giftWrapAvailable' | 'badges' | 'images' | 'kind' | 'portraitSize' | 'loadedStock' | 'madeToOrder'
>
// Only the strings of a posted list: anything else in a hand-made JSON body (an object whose toString is no
// function) would throw while the refused form re-renders, a 500 instead of the form with its errors.
const list = (value: unknown) =>
	Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : typeof value === 'string' ? [value] : []

/** A refused submission's values back in the form's shape (what was typed stays). */
function fromSubmitted(submitted: Record<string, unknown>, initial: ProductFormValues): ProductFormValues {
	const text = (name: TextField) => submittedText(submitted, name, initial[name])
	const kind = PRODUCT_KINDS.find((option) => option === submitted.kind) ?? initial.kind
	const portraitSize = PORTRAIT_SIZES.find((size) => size === submitted.portraitSize) ?? ''
	return {
		...initial,
		name: text('name'),
		slug: text('slug'),
		description: text('description'),
		categoryId: text('categoryId'),
		price: text('price'),
		stock: text('stock'),
		leadTimeDays: text('leadTimeDays'),
		salePrice: text('salePrice'),
		saleFirstDay: text('saleFirstDay'),
		saleLastDay: text('saleLastDay'),
		scent: text('scent'),
		smellsLike: text('smellsLike'),
		waxColor: text('waxColor'),
		containerType: text('containerType'),
		burnTimeHours: text('burnTimeHours'),
		widthMm: text('widthMm'),
		heightMm: text('heightMm'),
		depthMm: text('depthMm'),
		weightGrams: text('weightGrams'),
		kind,
		portraitSize,
		loadedStock: typeof submitted.loadedStock === 'string' ? submitted.loadedStock : initial.loadedStock,
		badges: BADGES.filter((badge) => list(submitted.badges).includes(badge)),
		images: list(submitted.images),
		isActive: submittedCheckbox(submitted, 'isActive'),
		madeToOrder: submittedCheckbox(submitted, 'madeToOrder'),
		customLabelAvailable: submittedCheckbox(submitted, 'customLabelAvailable'),
		giftWrapAvailable: submittedCheckbox(submitted, 'giftWrapAvailable'),
	}
}

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
	const { id, categories, saleState } = loaderData
	const form = useAdminForm({
		schema: productFormSchema,
		initial: loaderData.values,
		editing: id !== null,
		actionData,
		fromSubmitted,
		version: loaderData.version,
	})
	const { values, set, setValues } = form
	const [uploading, setUploading] = useState(false)
	const pricedByVariants = (loaderData.variants?.variants.length ?? 0) > 0
	const isCandle = kindHasCandleFields(values.kind)
	// Stock moved under the form: what was typed stays, and the next save is checked against the
	// figure the server just reported, so "check and save again" works without a reload.
	const movedStock = isRejected(actionData) ? actionData.values.loadedStock : undefined
	useEffect(() => {
		if (typeof movedStock === 'string') set('loadedStock', movedStock)
		// eslint-disable-next-line react-hooks/exhaustive-deps -- set is a fresh closure each render; only a new answer matters
	}, [actionData])

	return (
		<section aria-labelledby="product-form-title" className="max-w-3xl">
			<Link to="/admin/products" className="text-sm text-clay-dark underline underline-offset-4">
				← {adminT('common.back')}
			</Link>
			<h1 id="product-form-title" className="mt-3 font-serif text-3xl">
				{id ? adminT('products.editTitle') : adminT('products.newTitle')}
			</h1>
			<Form method="post" id={form.formId} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-8">
				{values.loadedStock !== undefined ? <input type="hidden" name="loadedStock" value={values.loadedStock} /> : null}
				{form.stampFields}
				{form.conflictNotice}
				<GeneralFields form={form} categories={categories} pricedByVariants={pricedByVariants} />
				{pricedByVariants ? (
					(['salePrice', 'saleFirstDay', 'saleLastDay'] as const).map((name) => <input key={name} type="hidden" name={name} value={values[name]} />)
				) : (
					<SaleFields form={form} saleState={saleState} />
				)}
				<div className="rounded-2xl bg-white p-6 shadow-sm">
					{values.images.map((url) => (
						<input key={url} type="hidden" name="images[]" value={url} />
					))}
					<ProductImages
						images={values.images}
						onChange={(update) => setValues((current) => ({ ...current, images: update(current.images) }))}
						onBusyChange={setUploading}
						error={form.errors.images}
					/>
				</div>
				{kindHasPortraitSize(values.kind) ? null : <input type="hidden" name="portraitSize" value="" />}
				{isCandle ? (
					<CandleFields form={form} />
				) : (
					(['scent', 'smellsLike', 'waxColor', 'containerType', 'burnTimeHours'] as const).map((name) => (
						<input key={name} type="hidden" name={name} value={values[name]} />
					))
				)}
				<MeasureFields form={form} />
				<div className="flex justify-end gap-3">
					<Link to="/admin/products" className={buttonSecondary}>
						{adminT('common.cancel')}
					</Link>
					<button type="submit" className={buttonPrimary} disabled={form.saving || uploading}>
						{form.saving ? adminT('common.saving') : adminT('common.save')}
					</button>
				</div>
			</Form>
			{form.unsavedDialog}
			{id && loaderData.variants ? <VariantsSection productId={id} variants={loaderData.variants} /> : null}
		</section>
	)
}

type ProductForm = ReturnType<typeof useAdminForm<ProductFormValues>>

function textField(
	form: ProductForm,
	name: 'scent' | 'smellsLike' | 'waxColor' | 'containerType',
	label: string,
	extra: React.InputHTMLAttributes<HTMLInputElement> = {},
) {
	return (
		<AdminField form={form} name={name} label={label}>
			<input {...form.control(name)} className={inputClass} value={form.values[name]} onChange={(event) => form.set(name, event.target.value)} {...extra} />
		</AdminField>
	)
}

function numberField(
	form: ProductForm,
	name: 'price' | 'salePrice' | 'stock' | 'leadTimeDays' | MeasureField,
	label: string,
	format: NumberFormat,
	required = false,
) {
	return (
		<AdminField form={form} name={name} label={label}>
			<NumberInput
				{...form.control(name)}
				format={format}
				className={inputClass}
				value={form.values[name]}
				onChange={(event) => form.set(name, event.target.value)}
				required={required}
			/>
		</AdminField>
	)
}

/**
 * The price, and the stock or the lead time of a product made to order. A product sold as variants
 * (ADR 0264) has them on its variants: the form sends back what it loaded, and says so.
 */
function PriceAndStockFields({ form, pricedByVariants }: { form: ProductForm; pricedByVariants: boolean }) {
	const { values, set, fieldId } = form
	if (pricedByVariants) {
		return (
			<div className="sm:col-span-2">
				{(['price', 'stock', 'leadTimeDays'] as const).map((name) => (
					<input key={name} type="hidden" name={name} value={values[name]} />
				))}
				{values.madeToOrder ? <input type="hidden" name="madeToOrder" value="on" /> : null}
				<p className="rounded-xl bg-sand/60 px-4 py-3 text-sm" data-testid="priced-by-variants">
					{adminT('variants.pricedByVariants')}
				</p>
			</div>
		)
	}
	return (
		<>
			{numberField(form, 'price', `${adminT('products.price')} (EUR)`, MONEY, true)}
			<div className="space-y-3">
				<label className="flex items-center gap-3 text-sm font-medium">
					<input
						type="checkbox"
						role="switch"
						name="madeToOrder"
						className="size-5 accent-clay-dark"
						checked={values.madeToOrder}
						aria-describedby={fieldId('madeToOrder-hint')}
						onChange={(event) => set('madeToOrder', event.target.checked)}
					/>
					{adminT('products.madeToOrderSwitch')}
				</label>
				<p id={fieldId('madeToOrder-hint')} className="text-xs text-muted">
					{adminT('products.madeToOrderHint')}
				</p>
				{values.madeToOrder
					? numberField(form, 'leadTimeDays', adminT('products.leadTimeDays'), WHOLE)
					: numberField(form, 'stock', adminT('products.stock'), WHOLE, true)}
			</div>
		</>
	)
}

/** Name, description, kind, category, price, stock or lead time, portrait size, badges, shown or not. */
function GeneralFields({ form, categories, pricedByVariants }: { form: ProductForm; categories: { id: string; name: string }[]; pricedByVariants: boolean }) {
	const { values, set, control, fieldId } = form
	return (
		<fieldset className="space-y-5 rounded-2xl bg-white p-6 shadow-sm">
			<legend className="sr-only">{adminT('products.general')}</legend>
			<h2 className="font-serif text-xl">{adminT('products.general')}</h2>
			<NameAndSlugFields form={form} values={values} nameLabel={adminT('products.name')} slugLabel={adminT('products.slug')} />
			<AdminField form={form} name="description" label={adminT('products.description')}>
				<textarea
					{...control('description')}
					className={inputClass}
					rows={4}
					maxLength={1000}
					value={values.description}
					onChange={(event) => set('description', event.target.value)}
				/>
			</AdminField>
			<div className="grid gap-5 sm:grid-cols-2">
				<div>
					<label htmlFor={fieldId('kind')} className={labelClass}>
						{adminT('products.kind')}
					</label>
					<select
						id={fieldId('kind')}
						name="kind"
						className={inputClass}
						value={values.kind}
						onChange={(event) => set('kind', event.target.value as ProductKind)}
					>
						{PRODUCT_KINDS.map((kind) => (
							<option key={kind} value={kind}>
								{adminT(`products.kinds.${kind}`)}
							</option>
						))}
					</select>
				</div>
				<AdminField form={form} name="categoryId" label={adminT('products.category')}>
					<select
						{...control('categoryId')}
						className={inputClass}
						value={values.categoryId}
						required
						onChange={(event) => set('categoryId', event.target.value)}
					>
						<option value="">{adminT('products.chooseCategory')}</option>
						{categories.map((option) => (
							<option key={option.id} value={option.id}>
								{option.name}
							</option>
						))}
					</select>
				</AdminField>
				<PriceAndStockFields form={form} pricedByVariants={pricedByVariants} />
				{kindHasPortraitSize(values.kind) ? (
					<div>
						<label htmlFor={fieldId('portraitSize')} className={labelClass}>
							{adminT('products.portraitSize')}
						</label>
						<select
							id={fieldId('portraitSize')}
							name="portraitSize"
							className={inputClass}
							value={values.portraitSize}
							onChange={(event) => set('portraitSize', event.target.value as ProductFormValues['portraitSize'])}
						>
							<option value="">-</option>
							{PORTRAIT_SIZES.map((size) => (
								<option key={size} value={size}>
									{size}
								</option>
							))}
						</select>
					</div>
				) : null}
			</div>
			<fieldset>
				<legend className={labelClass}>{adminT('products.badges')}</legend>
				<div className="mt-2 flex flex-wrap gap-4">
					{BADGES.map((badge) => (
						<label key={badge} className="flex items-center gap-2 text-sm">
							<input
								type="checkbox"
								name="badges[]"
								value={badge}
								className="size-4 accent-clay-dark"
								checked={values.badges.includes(badge)}
								onChange={(event) => set('badges', event.target.checked ? [...values.badges, badge] : values.badges.filter((item) => item !== badge))}
							/>
							{badge}
						</label>
					))}
				</div>
			</fieldset>
			<label className="flex items-center gap-3 text-sm font-medium">
				<input
					type="checkbox"
					role="switch"
					name="isActive"
					className="size-5 accent-clay-dark"
					checked={values.isActive}
					onChange={(event) => set('isActive', event.target.checked)}
				/>
				{adminT('products.isActive')}
			</label>
		</fieldset>
	)
}

/** The sale (ADR 0245): a price below the regular one, for a span of the shop's days. */
function SaleFields({ form, saleState }: { form: ProductForm; saleState: Route.ComponentProps['loaderData']['saleState'] }) {
	const { values, set, control, fieldId } = form
	return (
		<fieldset className="space-y-5 rounded-2xl bg-white p-6 shadow-sm" aria-describedby={fieldId('sale-hint')}>
			<legend className="sr-only">{adminT('products.sale')}</legend>
			<h2 className="font-serif text-xl">{adminT('products.sale')}</h2>
			<p id={fieldId('sale-hint')} className="text-sm text-muted">
				{adminT('products.saleHint')}
			</p>
			{saleState && saleState !== 'none' ? (
				<p className="text-sm font-medium" data-testid="sale-state">
					{adminT(saleState === 'active' ? 'products.saleActive' : saleState === 'ended' ? 'products.saleEnded' : 'products.saleScheduled')}
				</p>
			) : null}
			<div className="grid gap-5 sm:grid-cols-3">
				{numberField(form, 'salePrice', adminT('products.salePrice'), MONEY)}
				{(['saleFirstDay', 'saleLastDay'] as const).map((name) => (
					<AdminField key={name} form={form} name={name} label={adminT(`products.${name}`)}>
						<input {...control(name)} type="date" className={inputClass} value={values[name]} onChange={(event) => set(name, event.target.value)} />
					</AdminField>
				))}
			</div>
		</fieldset>
	)
}

/** What only a candle has: scent, wax, container, burn time, the label and gift-wrap options. */
function CandleFields({ form }: { form: ProductForm }) {
	const { values, set, fieldId } = form
	return (
		<fieldset className="space-y-5 rounded-2xl bg-white p-6 shadow-sm">
			<legend className="sr-only">{adminT('products.candle')}</legend>
			<h2 className="font-serif text-xl">{adminT('products.candle')}</h2>
			<div className="grid gap-5 sm:grid-cols-2">
				{textField(form, 'scent', adminT('products.scent'), { maxLength: 100, list: fieldId('scents') })}
				<datalist id={fieldId('scents')}>
					{SCENTS.map((scent) => (
						<option key={scent} value={scent}>
							{adminT(`products.scents.${scent}`)}
						</option>
					))}
				</datalist>
				{textField(form, 'smellsLike', adminT('products.smellsLike'), { maxLength: 200 })}
				{textField(form, 'waxColor', adminT('products.waxColor'), { maxLength: 50 })}
				{textField(form, 'containerType', adminT('products.containerType'), { maxLength: 50, list: fieldId('containers') })}
				{numberField(form, 'burnTimeHours', adminT('products.burnTimeHours'), WHOLE)}
				<datalist id={fieldId('containers')}>
					{CONTAINER_TYPES.map((container) => (
						<option key={container} value={container}>
							{adminT(`products.containers.${container}`)}
						</option>
					))}
				</datalist>
			</div>
			<label className="flex items-center gap-3 text-sm">
				<input
					type="checkbox"
					name="customLabelAvailable"
					className="size-4 accent-clay-dark"
					checked={values.customLabelAvailable}
					onChange={(event) => set('customLabelAvailable', event.target.checked)}
				/>
				{adminT('products.customLabel')}
			</label>
			<label className="flex items-center gap-3 text-sm">
				<input
					type="checkbox"
					name="giftWrapAvailable"
					className="size-4 accent-clay-dark"
					checked={values.giftWrapAvailable}
					onChange={(event) => set('giftWrapAvailable', event.target.checked)}
				/>
				{adminT('products.giftWrap')}
			</label>
		</fieldset>
	)
}

/** Size and weight, for the product page and for shipping by weight. */
function MeasureFields({ form }: { form: ProductForm }) {
	return (
		<fieldset className="space-y-5 rounded-2xl bg-white p-6 shadow-sm">
			<legend className="sr-only">{adminT('products.measures')}</legend>
			<h2 className="font-serif text-xl">{adminT('products.measures')}</h2>
			<p className="text-sm text-muted">{adminT('products.measuresHint')}</p>
			<div className="grid gap-5 sm:grid-cols-3">
				{numberField(form, 'widthMm', adminT('products.widthMm'), WHOLE)}
				{numberField(form, 'heightMm', adminT('products.heightMm'), WHOLE)}
				{numberField(form, 'depthMm', adminT('products.depthMm'), WHOLE)}
			</div>
			<div className="grid gap-5 sm:grid-cols-3">{numberField(form, 'weightGrams', adminT('products.weightGrams'), WHOLE)}</div>
		</fieldset>
	)
}

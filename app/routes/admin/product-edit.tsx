import { useEffect, useState } from 'react'
import { data, Link } from 'react-router'
import { listCategoryOptions } from '#server/admin/categories.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { getProduct, saveProduct, StockMovedError } from '#server/admin/products.ts'
import { notFound, uuidParam } from '#server/admin/route-helpers.ts'
import { keyFromPublicUrl } from '#server/admin/upload.ts'
import { getApp } from '#server/context.ts'
import { readJson } from '#server/http/request-body.ts'
import { deleteImage } from '#server/media/image-pipeline.ts'
import { redirectWithToast } from '#server/toast.ts'
import { queueContentTranslation } from '#server/translation/content.ts'
import { ProductImages } from '#app/components/admin/product-images.tsx'
import { AdminField, NameAndSlugFields, useAdminForm } from '#app/components/admin/form.tsx'
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { ro } from '#domain/admin/texts.ts'
import { BADGES, CONTAINER_TYPES, PORTRAIT_SIZES, PRODUCT_KINDS, SCENTS, type ProductKind } from '#domain/enums.ts'
import { firstIssue } from '#domain/forms/admin-fields.ts'
import { emptyProductForm, productFormSchema, type ProductFormValues } from '#domain/forms/admin-product.ts'
import type { Route } from './+types/product-edit'

export async function loader({ params, context }: Route.LoaderArgs) {
	const { db } = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	const product = id ? await getProduct(db, id) : null
	if (id && !product) notFound()
	const categories = await listCategoryOptions(db)
	const values: ProductFormValues = product
		? {
				name: product.name,
				slug: product.slug,
				description: product.description,
				kind: product.kind,
				categoryId: product.categoryId ?? '',
				price: (product.priceCents / 100).toFixed(2),
				stock: product.stock === null ? '' : String(product.stock),
				loadedStock: product.stock === null ? '' : String(product.stock),
				badges: product.badges,
				isActive: product.isActive,
				images: product.images,
				portraitSize: product.portraitSize ?? '',
				scent: product.scent ?? '',
				smellsLike: product.smellsLike ?? '',
				waxColor: product.waxColor ?? '',
				containerType: product.containerType ?? '',
				customLabelAvailable: product.customLabelAvailable,
				giftWrapAvailable: product.giftWrapAvailable,
			}
		: emptyProductForm
	return { id, values, categories: categories.map(({ id, name, rootSlug }) => ({ id, name, rootSlug })) }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `${loaderData?.id ? ro.products.editTitle : ro.products.newTitle} | ${ro.nav.title}` }]
}

/** JSON body: the product form values (spec §5), checked with the same schema as the browser. */
export async function action(args: Route.ActionArgs) {
	const app = getApp(args.context)
	const id = args.params.id === 'new' ? null : uuidParam(args.params.id)
	const body: unknown = await readJson(args.request).catch(() => null)
	const parsed = productFormSchema.safeParse(body)
	if (!parsed.success) return data({ title: ro.common.validationError, ...firstIssue(parsed.error) }, { status: 400 })
	try {
		const saved = await saveProduct(app.db, id, parsed.data)
		for (const url of saved.removedImages) {
			const key = keyFromPublicUrl(app.storage, url)
			if (key) await deleteImage(app.storage, key).catch((error: unknown) => app.log.warn({ err: error, key }, 'product image not deleted'))
		}
		await queueContentTranslation(app, { kind: 'product', id: saved.id })
		return redirectWithToast(app, '/admin/products', { type: 'success', title: saved.created ? ro.messages.productCreated : ro.messages.productUpdated })
	} catch (error) {
		if (error instanceof StockMovedError) {
			const currentStock = error.currentStock === null ? '' : String(error.currentStock)
			return data({ title: ro.common.error, field: error.field ?? '', message: error.message, currentStock }, { status: error.status })
		}
		if (error instanceof AdminInputError) {
			if (error.status === 404) notFound()
			return data({ title: ro.common.error, field: error.field ?? '', message: error.message }, { status: error.status })
		}
		app.log.error({ err: error }, 'product save failed')
		return data({ title: ro.common.error, field: '', message: ro.messages.productSave }, { status: 500 })
	}
}

const kindForRoot: Record<string, ProductKind> = { candle: 'candle', portrait_cardboard: 'portrait_cardboard' }

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
	const { id, categories } = loaderData
	const form = useAdminForm({ schema: productFormSchema, initial: loaderData.values, editing: id !== null, actionData })
	const { values, set, setValues, control, fieldId } = form
	const [uploading, setUploading] = useState(false)
	const isCandle = values.kind === 'candle'
	// Stock moved under the form: what was typed stays, and the next save is checked against the
	// figure the server just reported, so "check and save again" works without a reload.
	const movedStock = actionData && 'currentStock' in actionData ? actionData.currentStock : undefined
	useEffect(() => {
		if (typeof movedStock === 'string') set('loadedStock', movedStock)
		// eslint-disable-next-line react-hooks/exhaustive-deps -- set is a fresh closure each render; only a new answer matters
	}, [actionData])

	const text = (name: 'scent' | 'smellsLike' | 'waxColor' | 'containerType' | 'price' | 'stock', label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
		<AdminField form={form} name={name} label={label}>
			<input {...control(name)} className={inputClass} value={values[name]} onChange={(event) => set(name, event.target.value)} {...extra} />
		</AdminField>
	)

	return (
		<section aria-labelledby="product-form-title" className="max-w-3xl">
			<Link to="/admin/products" className="text-sm text-clay-dark underline underline-offset-4">
				← {ro.common.back}
			</Link>
			<h1 id="product-form-title" className="mt-3 font-serif text-3xl">
				{id ? ro.products.editTitle : ro.products.newTitle}
			</h1>
			<form onSubmit={form.onSubmit} noValidate className="mt-6 space-y-8">
				<fieldset className="space-y-5 rounded-2xl bg-white p-6 shadow-sm">
					<legend className="sr-only">{ro.products.general}</legend>
					<h2 className="font-serif text-xl">{ro.products.general}</h2>
					<NameAndSlugFields form={form} values={values} nameLabel={ro.products.name} slugLabel={ro.products.slug} />
					<AdminField form={form} name="description" label={ro.products.description}>
						<textarea {...control('description')} className={inputClass} rows={4} maxLength={1000} value={values.description} onChange={(event) => set('description', event.target.value)} />
					</AdminField>
					<div className="grid gap-5 sm:grid-cols-2">
						<AdminField form={form} name="categoryId" label={ro.products.category}>
							<select
								{...control('categoryId')}
								className={inputClass}
								value={values.categoryId}
								required
								onChange={(event) => {
									const categoryId = event.target.value
									const kind = kindForRoot[categories.find((option) => option.id === categoryId)?.rootSlug ?? '']
									setValues((current) => ({ ...current, categoryId, kind: kind ?? current.kind }))
								}}
							>
								<option value="">{ro.products.chooseCategory}</option>
								{categories.map((option) => (
									<option key={option.id} value={option.id}>
										{option.name}
									</option>
								))}
							</select>
						</AdminField>
						<div>
							<label htmlFor={fieldId('kind')} className={labelClass}>
								{ro.products.kind}
							</label>
							<select id={fieldId('kind')} className={inputClass} value={values.kind} onChange={(event) => set('kind', event.target.value as ProductKind)}>
								{PRODUCT_KINDS.map((kind) => (
									<option key={kind} value={kind}>
										{ro.products.kinds[kind]}
									</option>
								))}
							</select>
						</div>
						{text('price', `${ro.products.price} (EUR)`, { type: 'number', min: 0, max: 999999, step: 0.01, inputMode: 'decimal', required: true })}
						{text('stock', ro.products.stock, { type: 'number', min: 0, max: 999999, step: 1, inputMode: 'numeric', required: true })}
						{values.kind === 'portrait_cardboard' ? (
							<div>
								<label htmlFor={fieldId('portraitSize')} className={labelClass}>
									{ro.products.portraitSize}
								</label>
								<select
									id={fieldId('portraitSize')}
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
						<legend className={labelClass}>{ro.products.badges}</legend>
						<div className="mt-2 flex flex-wrap gap-4">
							{BADGES.map((badge) => (
								<label key={badge} className="flex items-center gap-2 text-sm">
									<input
										type="checkbox"
										className="size-4 accent-clay-dark"
										checked={values.badges.includes(badge)}
										onChange={(event) =>
											set('badges', event.target.checked ? [...values.badges, badge] : values.badges.filter((item) => item !== badge))
										}
									/>
									{badge}
								</label>
							))}
						</div>
					</fieldset>
					<label className="flex items-center gap-3 text-sm font-medium">
						<input type="checkbox" role="switch" className="size-5 accent-clay-dark" checked={values.isActive} onChange={(event) => set('isActive', event.target.checked)} />
						{ro.products.isActive}
					</label>
				</fieldset>

				<div className="rounded-2xl bg-white p-6 shadow-sm">
					<ProductImages
						images={values.images}
						onChange={(update) => setValues((current) => ({ ...current, images: update(current.images) }))}
						onBusyChange={setUploading}
						error={form.errors.images}
					/>
				</div>

				{isCandle ? (
					<fieldset className="space-y-5 rounded-2xl bg-white p-6 shadow-sm">
						<legend className="sr-only">{ro.products.candle}</legend>
						<h2 className="font-serif text-xl">{ro.products.candle}</h2>
						<div className="grid gap-5 sm:grid-cols-2">
							{text('scent', ro.products.scent, { maxLength: 100, list: fieldId('scents') })}
							<datalist id={fieldId('scents')}>
								{SCENTS.map((scent) => (
									<option key={scent} value={scent}>
										{ro.products.scents[scent]}
									</option>
								))}
							</datalist>
							{text('smellsLike', ro.products.smellsLike, { maxLength: 200 })}
							{text('waxColor', ro.products.waxColor, { maxLength: 50 })}
							{text('containerType', ro.products.containerType, { maxLength: 50, list: fieldId('containers') })}
							<datalist id={fieldId('containers')}>
								{CONTAINER_TYPES.map((container) => (
									<option key={container} value={container}>
										{ro.products.containers[container]}
									</option>
								))}
							</datalist>
						</div>
						<label className="flex items-center gap-3 text-sm">
							<input
								type="checkbox"
								className="size-4 accent-clay-dark"
								checked={values.customLabelAvailable}
								onChange={(event) => set('customLabelAvailable', event.target.checked)}
							/>
							{ro.products.customLabel}
						</label>
						<label className="flex items-center gap-3 text-sm">
							<input
								type="checkbox"
								className="size-4 accent-clay-dark"
								checked={values.giftWrapAvailable}
								onChange={(event) => set('giftWrapAvailable', event.target.checked)}
							/>
							{ro.products.giftWrap}
						</label>
					</fieldset>
				) : null}

				<div className="flex justify-end gap-3">
					<Link to="/admin/products" className={buttonSecondary}>
						{ro.common.cancel}
					</Link>
					<button type="submit" className={buttonPrimary} disabled={form.saving || uploading}>
						{form.saving ? ro.common.saving : ro.common.save}
					</button>
				</div>
			</form>
		</section>
	)
}

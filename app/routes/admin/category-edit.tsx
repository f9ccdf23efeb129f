import { useRef, useState } from 'react'
import { data, Link } from 'react-router'
import { descendantIds, getCategory, listCategoryOptions, saveCategory } from '#server/admin/categories.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { notFound, uuidParam } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { readJson } from '#server/http/request-body.ts'
import { redirectWithToast } from '#server/toast.ts'
import { queueContentTranslation } from '#server/translation/content.ts'
import { AdminField, NameAndSlugFields, useAdminForm } from '#app/components/admin/form.tsx'
import { buttonPrimary, buttonSecondary, buttonSmall, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { uploadFile } from '#app/components/admin/upload.ts'
import { notify } from '#app/components/toasts.tsx'
import { ro } from '#domain/admin/texts.ts'
import { ADMIN_IMAGE_ACCEPT, checkImageFile } from '#domain/media.ts'
import { categoryFormSchema, emptyCategoryForm, type CategoryFormValues } from '#domain/forms/admin-category.ts'
import { firstIssue } from '#domain/forms/admin-fields.ts'
import { fill } from '#domain/admin/texts.ts'
import type { Route } from './+types/category-edit'

function centsToInput(cents: number | null) {
	return cents === null ? '' : (cents / 100).toFixed(2)
}

export async function loader({ params, context }: Route.LoaderArgs) {
	const { db } = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	const category = id ? await getCategory(db, id) : null
	if (id && !category) notFound()
	const excluded = new Set(id ? [id, ...(await descendantIds(db, id))] : [])
	const parents = (await listCategoryOptions(db)).filter((option) => !excluded.has(option.id)).map(({ id, name }) => ({ id, name }))
	const values: CategoryFormValues = category
		? {
				name: category.name,
				slug: category.slug,
				description: category.description ?? '',
				parentId: category.parentId ?? '',
				displayOrder: String(category.displayOrder),
				isActive: category.isActive,
				price: centsToInput(category.priceCents),
				imageUrl: category.imageUrl,
			}
		: emptyCategoryForm
	return { id, values, parents }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `${loaderData?.id ? ro.categories.editTitle : ro.categories.newTitle} | ${ro.nav.title}` }]
}

/** JSON body: the category form values (spec §5), checked with the same schema as the browser. */
export async function action(args: Route.ActionArgs) {
	const app = getApp(args.context)
	const id = args.params.id === 'new' ? null : uuidParam(args.params.id)
	const body: unknown = await readJson(args.request).catch(() => null)
	const parsed = categoryFormSchema.safeParse(body)
	if (!parsed.success) return data({ title: ro.common.validationError, ...firstIssue(parsed.error) }, { status: 400 })
	try {
		const saved = await saveCategory(app.db, id, parsed.data)
		await queueContentTranslation(app, { kind: 'category', id: saved.id })
		return redirectWithToast(app, '/admin/categories', { type: 'success', title: saved.created ? ro.messages.categoryCreated : ro.messages.categoryUpdated })
	} catch (error) {
		if (error instanceof AdminInputError) {
			if (error.status === 404) notFound()
			return data({ title: ro.common.error, field: error.field ?? '', message: error.message }, { status: error.status })
		}
		app.log.error({ err: error }, 'category save failed')
		return data({ title: ro.common.error, field: '', message: ro.messages.categorySave }, { status: 500 })
	}
}

export default function CategoryEdit({ loaderData, actionData }: Route.ComponentProps) {
	const { id, parents } = loaderData
	const form = useAdminForm({ schema: categoryFormSchema, initial: loaderData.values, editing: id !== null, actionData })
	const { values, set, control } = form
	const [uploading, setUploading] = useState<number | null>(null)
	const fileInput = useRef<HTMLInputElement>(null)

	async function chooseImage(file: File | undefined) {
		if (fileInput.current) fileInput.current.value = ''
		if (!file) return
		const rejection = checkImageFile(file)
		if (rejection) {
			notify(
				rejection === 'invalid'
					? { type: 'error', title: ro.messages.invalidFile, description: fill(ro.messages.invalidFileText, { name: file.name }) }
					: { type: 'error', title: ro.messages.fileTooLarge, description: fill(ro.messages.fileTooLargeText, { name: file.name }) },
			)
			return
		}
		setUploading(0)
		const answer = await uploadFile<{ url: string }>('/admin/api/images', file, { purpose: 'category' }, setUploading, ro.messages.imageUpload)
		setUploading(null)
		if (answer.ok) {
			set('imageUrl', answer.value.url)
			notify({ type: 'success', title: ro.messages.imageUploaded })
		} else notify({ type: 'error', title: answer.title, description: answer.message })
	}

	return (
		<section aria-labelledby="category-form-title" className="max-w-2xl">
			<Link to="/admin/categories" className="text-sm text-clay-dark underline underline-offset-4">
				← {ro.common.back}
			</Link>
			<h1 id="category-form-title" className="mt-3 font-serif text-3xl">
				{id ? ro.categories.editTitle : ro.categories.newTitle}
			</h1>
			<form onSubmit={form.onSubmit} noValidate className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm">
				<NameAndSlugFields form={form} values={values} nameLabel={ro.categories.name} slugLabel={ro.categories.slug} />
				<AdminField form={form} name="description" label={ro.categories.description}>
					<textarea {...control('description')} className={inputClass} rows={3} maxLength={500} value={values.description} onChange={(event) => set('description', event.target.value)} />
				</AdminField>
				<AdminField form={form} name="parentId" label={ro.categories.parent}>
					<select {...control('parentId')} className={inputClass} value={values.parentId} onChange={(event) => set('parentId', event.target.value)}>
						<option value="">{ro.categories.noParent}</option>
						{parents.map((parent) => (
							<option key={parent.id} value={parent.id}>
								{parent.name}
							</option>
						))}
					</select>
				</AdminField>
				<div className="grid gap-5 sm:grid-cols-2">
					<AdminField form={form} name="displayOrder" label={ro.categories.order}>
						<input
							{...control('displayOrder')}
							type="number"
							min={0}
							max={9999}
							step={1}
							className={inputClass}
							value={values.displayOrder}
							onChange={(event) => set('displayOrder', event.target.value)}
						/>
					</AdminField>
					<AdminField form={form} name="price" label={ro.categories.price}>
						<input
							{...control('price')}
							type="number"
							min={0}
							step={0.01}
							inputMode="decimal"
							className={inputClass}
							value={values.price}
							onChange={(event) => set('price', event.target.value)}
						/>
					</AdminField>
				</div>
				<label className="flex items-center gap-3 text-sm font-medium">
					<input
						type="checkbox"
						role="switch"
						className="size-5 accent-clay-dark"
						checked={values.isActive}
						onChange={(event) => set('isActive', event.target.checked)}
					/>
					{ro.categories.isActive}
				</label>
				<fieldset>
					<legend className={labelClass}>{ro.categories.image}</legend>
					{values.imageUrl ? (
						<div className="mt-2 flex items-end gap-4">
							<img src={values.imageUrl} alt={ro.categories.imagePreview} width={128} height={128} className="size-32 rounded-lg object-cover" />
							<button type="button" className={buttonSmall} onClick={() => set('imageUrl', null)}>
								{ro.categories.removeImage}
							</button>
						</div>
					) : null}
					<div className="mt-2 flex items-center gap-3">
						<label htmlFor={form.fieldId('image')} className={`${buttonSecondary} cursor-pointer`}>
							{ro.categories.chooseImage}
						</label>
						<input
							ref={fileInput}
							id={form.fieldId('image')}
							type="file"
							accept={ADMIN_IMAGE_ACCEPT}
							className="sr-only"
							disabled={uploading !== null}
							onChange={(event) => void chooseImage(event.target.files?.[0])}
						/>
						{uploading !== null ? (
							<progress max={100} value={uploading} aria-label={ro.common.loading} className="h-2 w-40 accent-clay-dark" />
						) : null}
					</div>
					<p className="mt-1 text-xs text-muted">{ro.media.hint}</p>
				</fieldset>
				<div className="flex justify-end gap-3 border-t border-sand pt-5">
					<Link to="/admin/categories" className={buttonSecondary}>
						{ro.common.cancel}
					</Link>
					<button type="submit" className={buttonPrimary} disabled={form.saving || uploading !== null}>
						{form.saving ? ro.common.saving : ro.common.save}
					</button>
				</div>
			</form>
		</section>
	)
}

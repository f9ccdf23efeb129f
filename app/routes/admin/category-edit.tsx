import { useEffect, useId, useRef, useState } from 'react'
import { data, Link, useNavigation, useSubmit } from 'react-router'
import { descendantIds, getCategory, listCategoryOptions, saveCategory } from '#server/admin/categories.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { notFound, uuidParam } from '#server/admin/route-helpers.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { readJson } from '#server/http/request-body.ts'
import { redirectWithToast } from '#server/toast.ts'
import { queueContentTranslation } from '#server/translation/content.ts'
import { buttonPrimary, buttonSecondary, buttonSmall, FieldError, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { uploadFile } from '#app/components/admin/upload.ts'
import { notify } from '#app/components/toasts.tsx'
import { ro } from '#app/lib/admin/texts.ts'
import { ADMIN_IMAGE_ACCEPT, checkImageFile } from '#app/lib/domain/media.ts'
import { categoryFormSchema, emptyCategoryForm, type CategoryFormValues } from '#app/lib/forms/admin-category.ts'
import { fieldErrors, firstIssue } from '#app/lib/forms/admin-fields.ts'
import { fill } from '#app/lib/admin/texts.ts'
import { slugify } from '#app/lib/slug.ts'
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
	await requireAdmin(args)
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
	const [values, setValues] = useState<CategoryFormValues>(loaderData.values)
	const [slugEdited, setSlugEdited] = useState(id !== null)
	const [clientErrors, setErrors] = useState<Record<string, string> | null>(null)
	const errors: Record<string, string> = clientErrors ?? (actionData?.field ? { [actionData.field]: actionData.message } : {})
	const [uploading, setUploading] = useState<number | null>(null)
	const fileInput = useRef<HTMLInputElement>(null)
	const submit = useSubmit()
	const navigation = useNavigation()
	const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST'
	const uid = useId()
	const fieldId = (name: string) => `${uid}-${name}`

	useEffect(() => {
		if (!actionData) return
		notify({ type: 'error', title: actionData.title, description: actionData.message })
	}, [actionData])

	const set = <K extends keyof CategoryFormValues>(key: K, value: CategoryFormValues[K]) => setValues((current) => ({ ...current, [key]: value }))

	function onSubmit(event: React.FormEvent) {
		event.preventDefault()
		const parsed = categoryFormSchema.safeParse(values)
		if (!parsed.success) {
			setErrors(fieldErrors(parsed.error))
			notify({ type: 'error', title: ro.common.validationError, description: firstIssue(parsed.error).message })
			return
		}
		setErrors(null)
		submit(values, { method: 'post', encType: 'application/json' })
	}

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

	const describedBy = (name: string) => (errors[name] ? `${fieldId(name)}-error` : undefined)

	return (
		<section aria-labelledby="category-form-title" className="max-w-2xl">
			<Link to="/admin/categories" className="text-sm text-clay-dark underline underline-offset-4">
				← {ro.common.back}
			</Link>
			<h1 id="category-form-title" className="mt-3 font-serif text-3xl">
				{id ? ro.categories.editTitle : ro.categories.newTitle}
			</h1>
			<form onSubmit={onSubmit} noValidate className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm">
				<div>
					<label htmlFor={fieldId('name')} className={labelClass}>
						{ro.categories.name}
					</label>
					<input
						id={fieldId('name')}
						className={inputClass}
						value={values.name}
						maxLength={100}
						required
						aria-invalid={!!errors.name}
						aria-describedby={describedBy('name')}
						onChange={(event) => {
							const name = event.target.value
							setValues((current) => ({ ...current, name, slug: slugEdited ? current.slug : slugify(name) }))
						}}
					/>
					<FieldError id={`${fieldId('name')}-error`} message={errors.name} />
				</div>
				<div>
					<label htmlFor={fieldId('slug')} className={labelClass}>
						{ro.categories.slug}
					</label>
					<input
						id={fieldId('slug')}
						className={`${inputClass} font-mono`}
						value={values.slug}
						maxLength={100}
						required
						aria-invalid={!!errors.slug}
						aria-describedby={describedBy('slug')}
						onChange={(event) => {
							setSlugEdited(true)
							set('slug', event.target.value)
						}}
					/>
					<FieldError id={`${fieldId('slug')}-error`} message={errors.slug} />
				</div>
				<div>
					<label htmlFor={fieldId('description')} className={labelClass}>
						{ro.categories.description}
					</label>
					<textarea
						id={fieldId('description')}
						className={inputClass}
						rows={3}
						maxLength={500}
						value={values.description}
						aria-invalid={!!errors.description}
						aria-describedby={describedBy('description')}
						onChange={(event) => set('description', event.target.value)}
					/>
					<FieldError id={`${fieldId('description')}-error`} message={errors.description} />
				</div>
				<div>
					<label htmlFor={fieldId('parentId')} className={labelClass}>
						{ro.categories.parent}
					</label>
					<select
						id={fieldId('parentId')}
						className={inputClass}
						value={values.parentId}
						aria-invalid={!!errors.parentId}
						aria-describedby={describedBy('parentId')}
						onChange={(event) => set('parentId', event.target.value)}
					>
						<option value="">{ro.categories.noParent}</option>
						{parents.map((parent) => (
							<option key={parent.id} value={parent.id}>
								{parent.name}
							</option>
						))}
					</select>
					<FieldError id={`${fieldId('parentId')}-error`} message={errors.parentId} />
				</div>
				<div className="grid gap-5 sm:grid-cols-2">
					<div>
						<label htmlFor={fieldId('displayOrder')} className={labelClass}>
							{ro.categories.order}
						</label>
						<input
							id={fieldId('displayOrder')}
							type="number"
							min={0}
							max={9999}
							step={1}
							className={inputClass}
							value={values.displayOrder}
							aria-invalid={!!errors.displayOrder}
							aria-describedby={describedBy('displayOrder')}
							onChange={(event) => set('displayOrder', event.target.value)}
						/>
						<FieldError id={`${fieldId('displayOrder')}-error`} message={errors.displayOrder} />
					</div>
					<div>
						<label htmlFor={fieldId('price')} className={labelClass}>
							{ro.categories.price}
						</label>
						<input
							id={fieldId('price')}
							type="number"
							min={0}
							step={0.01}
							inputMode="decimal"
							className={inputClass}
							value={values.price}
							aria-invalid={!!errors.price}
							aria-describedby={describedBy('price')}
							onChange={(event) => set('price', event.target.value)}
						/>
						<FieldError id={`${fieldId('price')}-error`} message={errors.price} />
					</div>
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
						<label htmlFor={fieldId('image')} className={`${buttonSecondary} cursor-pointer`}>
							{ro.categories.chooseImage}
						</label>
						<input
							ref={fileInput}
							id={fieldId('image')}
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
					<button type="submit" className={buttonPrimary} disabled={saving || uploading !== null}>
						{saving ? ro.common.saving : ro.common.save}
					</button>
				</div>
			</form>
		</section>
	)
}

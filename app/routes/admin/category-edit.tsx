import { useRef, useState } from 'react'
import { Form } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { descendantIds, getCategoryForEdit, listCategoryOptions, saveCategoryContent } from '#server/catalog/admin-categories.ts'
import { notFound, uuidParam, saveAdminForm } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { ActiveSwitch, AdminField, NameAndSlugFields, submittedCheckbox, submittedText, useAdminForm } from '#app/components/admin/form.tsx'
import { buttonPrimary, buttonSecondary, buttonSmall, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { acceptImageFile, uploadFile } from '#app/components/admin/upload.ts'
import { LibraryPicker } from '#app/components/admin/library-picker.tsx'
import { NumberInput } from '#app/components/number-input.tsx'
import { WHOLE } from '#domain/locale-number.ts'
import { notify } from '#app/components/toasts.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { ADMIN_IMAGE_ACCEPT } from '#domain/media.ts'
import { categoryEditSchema, categoryFormSchema, emptyCategoryForm, type CategoryFormValues } from '#domain/forms/admin-category.ts'
import { keepTypedForm } from '#app/lib/forms/keep-typed-form.ts'
import type { Route } from './+types/category-edit'

export async function loader({ params, context }: Route.LoaderArgs) {
	const { db } = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	const category = id ? await getCategoryForEdit(db, id) : null
	if (id && !category) notFound()
	const excluded = new Set(id ? [id, ...(await descendantIds(db, id))] : [])
	const parents = (await listCategoryOptions(db)).filter((option) => !excluded.has(option.id)).map(({ id, name }) => ({ id, name }))
	return { id, values: category?.values ?? emptyCategoryForm, version: category?.version, parents }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `${loaderData?.id ? adminT('categories.editTitle') : adminT('categories.newTitle')} | ${adminT('nav.title')}` }]
}

/** The category form, posted as a form (or JSON) and parsed with the same schema as the browser's; saved meanwhile elsewhere: refused with what changed (ADR 0225). */
export async function action({ request, params, context }: Route.ActionArgs) {
	const app = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	return saveAdminForm(app, request, {
		schema: categoryEditSchema,
		save: (value) => saveCategoryContent(app, id, value),
		saved: ({ created }) => ({ to: '/admin/categories', title: created ? adminT('messages.categoryCreated') : adminT('messages.categoryUpdated') }),
		failure: adminT('messages.categorySave'),
		what: 'category',
		// Deleted in another tab: the form stays as typed, with the spec's message (ADR 0126).
		gone: adminT('messages.categorySave'),
	})
}

/** In the browser: a save the server cannot answer keeps the page and what was typed (ADR 0126). */
export const clientAction = keepTypedForm(adminT('messages.categorySave'))

/** A refused submission's values back in the form's shape (what was typed stays). */
function fromSubmitted(submitted: Record<string, unknown>, initial: CategoryFormValues): CategoryFormValues {
	const text = (name: Exclude<keyof CategoryFormValues, 'isActive' | 'imageUrl'>) => submittedText(submitted, name, initial[name])
	return {
		name: text('name'),
		slug: text('slug'),
		description: text('description'),
		parentId: text('parentId'),
		displayOrder: text('displayOrder'),
		isActive: submittedCheckbox(submitted, 'isActive'),
		imageUrl: submittedText(submitted, 'imageUrl', initial.imageUrl ?? '') || null,
	}
}

export default function CategoryEdit({ loaderData, actionData }: Route.ComponentProps) {
	const { id, parents } = loaderData
	const form = useAdminForm({
		schema: categoryFormSchema,
		initial: loaderData.values,
		editing: id !== null,
		actionData,
		fromSubmitted,
		version: loaderData.version,
	})
	const { values, set, control } = form
	const [uploading, setUploading] = useState<number | null>(null)
	const fileInput = useRef<HTMLInputElement>(null)

	async function chooseImage(file: File | undefined) {
		if (fileInput.current) fileInput.current.value = ''
		if (!file) return
		if (!acceptImageFile(file)) return
		setUploading(0)
		const answer = await uploadFile<{ url: string }>('/admin/api/images', file, { purpose: 'category' }, setUploading, adminT('messages.imageUpload'))
		setUploading(null)
		if (answer.ok) {
			set('imageUrl', answer.value.url)
			notify({ type: 'success', title: adminT('messages.imageUploaded') })
		} else notify({ type: 'error', title: answer.title, description: answer.message })
	}

	return (
		<section aria-labelledby="category-form-title" className="max-w-2xl">
			<Link to="/admin/categories" className="text-sm text-clay-dark underline underline-offset-4">
				← {adminT('common.back')}
			</Link>
			<h1 id="category-form-title" className="mt-3 font-serif text-3xl">
				{id ? adminT('categories.editTitle') : adminT('categories.newTitle')}
			</h1>
			<Form method="post" id={form.formId} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm">
				{form.stampFields}
				{form.conflictNotice}
				<NameAndSlugFields form={form} values={values} nameLabel={adminT('categories.name')} slugLabel={adminT('categories.slug')} />
				<AdminField form={form} name="description" label={adminT('categories.description')}>
					<textarea
						{...control('description')}
						className={inputClass}
						rows={3}
						maxLength={500}
						value={values.description}
						onChange={(event) => set('description', event.target.value)}
					/>
				</AdminField>
				<AdminField form={form} name="parentId" label={adminT('categories.parent')}>
					<select {...control('parentId')} className={inputClass} value={values.parentId} onChange={(event) => set('parentId', event.target.value)}>
						<option value="">{adminT('categories.noParent')}</option>
						{parents.map((parent) => (
							<option key={parent.id} value={parent.id}>
								{parent.name}
							</option>
						))}
					</select>
				</AdminField>
				<div className="grid gap-5 sm:grid-cols-2">
					<AdminField form={form} name="displayOrder" label={adminT('categories.order')}>
						<NumberInput
							{...control('displayOrder')}
							format={WHOLE}
							className={inputClass}
							value={values.displayOrder}
							onChange={(event) => set('displayOrder', event.target.value)}
						/>
					</AdminField>
				</div>
				<ActiveSwitch checked={values.isActive} onChange={(checked) => set('isActive', checked)} label={adminT('categories.isActive')} />
				<fieldset>
					<legend className={labelClass}>{adminT('categories.image')}</legend>
					<input type="hidden" name="imageUrl" value={values.imageUrl ?? ''} />
					{values.imageUrl ? (
						<div className="mt-2 flex items-end gap-4">
							<img src={values.imageUrl} alt={adminT('categories.imagePreview')} width={128} height={128} className="size-32 rounded-lg object-cover" />
							<button type="button" className={buttonSmall} onClick={() => set('imageUrl', null)}>
								{adminT('categories.removeImage')}
							</button>
						</div>
					) : null}
					<div className="mt-2 flex flex-wrap items-center gap-3 [&:has(input:focus-visible)>label]:outline-2 [&:has(input:focus-visible)>label]:outline-offset-2 [&:has(input:focus-visible)>label]:outline-clay-dark">
						<label htmlFor={form.fieldId('image')} className={`${buttonSecondary} cursor-pointer`}>
							{adminT('categories.chooseImage')}
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
						<LibraryPicker
							folder="products"
							picked={values.imageUrl ? [values.imageUrl] : []}
							disabled={uploading !== null}
							onPick={(url) => set('imageUrl', url)}
						/>
						{uploading !== null ? <progress max={100} value={uploading} aria-label={adminT('common.loading')} className="h-2 w-40 accent-clay-dark" /> : null}
					</div>
					<p className="mt-1 text-xs text-muted">{adminT('media.hint')}</p>
				</fieldset>
				<div className="flex justify-end gap-3 border-t border-sand pt-5">
					<Link to="/admin/categories" className={buttonSecondary}>
						{adminT('common.cancel')}
					</Link>
					<button type="submit" className={buttonPrimary} disabled={form.saving || uploading !== null}>
						{form.saving ? adminT('common.saving') : adminT('common.save')}
					</button>
				</div>
			</Form>
			{form.unsavedDialog}
		</section>
	)
}

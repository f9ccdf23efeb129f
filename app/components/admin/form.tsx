import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { useNavigation, useSubmit } from 'react-router'
import type * as z from 'zod/mini'
import { notify } from '#app/components/toasts.tsx'
import { ro } from '#domain/admin/texts.ts'
import { fieldErrors, firstIssue } from '#domain/forms/admin-fields.ts'
import { slugify } from '#domain/slug.ts'
import { FieldError, inputClass, labelClass } from './ui.tsx'

/** What an admin save action answers when it refuses: a toast title and the field at fault. */
export type AdminActionError = { title: string; field: string; message: string }

type NamedForm = { name: string; slug: string }

/**
 * State of an admin edit form (products, categories): the values, the errors (the browser's own
 * check first, else the server's answer), the toast for a refused save, and a JSON submit after the
 * same schema the server runs. The slug follows the name until someone edits it.
 */
export function useAdminForm<Values extends NamedForm>(options: {
	schema: z.ZodMiniType
	initial: Values
	/** An existing record keeps its slug when the name changes. */
	editing: boolean
	actionData: AdminActionError | undefined
}) {
	const { schema, actionData } = options
	const [values, setValues] = useState<Values>(options.initial)
	const [slugEdited, setSlugEdited] = useState(options.editing)
	const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null)
	const errors: Record<string, string> = clientErrors ?? (actionData?.field ? { [actionData.field]: actionData.message } : {})
	const submit = useSubmit()
	const navigation = useNavigation()
	const uid = useId()

	useEffect(() => {
		if (actionData) notify({ type: 'error', title: actionData.title, description: actionData.message })
	}, [actionData])

	const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }))
	const fieldId = (name: string) => `${uid}-${name}`

	return {
		values,
		set,
		setValues,
		errors,
		fieldId,
		saving: navigation.state !== 'idle' && navigation.formMethod === 'POST',
		/** id, aria-invalid and aria-describedby tying a control to its label and error. */
		control: (name: string) => ({
			id: fieldId(name),
			'aria-invalid': !!errors[name],
			'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
		}),
		setName(name: string) {
			setValues((current) => ({ ...current, name, slug: slugEdited ? current.slug : slugify(name) }))
		},
		setSlug(slug: string) {
			setSlugEdited(true)
			set('slug', slug as Values['slug'])
		},
		onSubmit(event: FormEvent) {
			event.preventDefault()
			const parsed = schema.safeParse(values)
			if (!parsed.success) {
				setClientErrors(fieldErrors(parsed.error))
				notify({ type: 'error', title: ro.common.validationError, description: firstIssue(parsed.error).message })
				return
			}
			setClientErrors(null)
			submit(values, { method: 'post', encType: 'application/json' })
		},
	}
}

/** The parts of a form that field components use, whatever its values. */
export type AdminForm = Pick<ReturnType<typeof useAdminForm<NamedForm>>, 'fieldId' | 'errors' | 'control' | 'setName' | 'setSlug'>

/** A label, the control (built with form.control(name)) and the field's error. */
export function AdminField({ form, name, label, children }: { form: AdminForm; name: string; label: string; children: ReactNode }) {
	return (
		<div>
			<label htmlFor={form.fieldId(name)} className={labelClass}>
				{label}
			</label>
			{children}
			<FieldError id={`${form.fieldId(name)}-error`} message={form.errors[name]} />
		</div>
	)
}

/** Name and slug, every admin catalogue form's first two fields (spec §5: both at most 100). */
export function NameAndSlugFields({ form, values, nameLabel, slugLabel }: { form: AdminForm; values: NamedForm; nameLabel: string; slugLabel: string }) {
	return (
		<>
			<AdminField form={form} name="name" label={nameLabel}>
				<input {...form.control('name')} className={inputClass} value={values.name} maxLength={100} required onChange={(event) => form.setName(event.target.value)} />
			</AdminField>
			<AdminField form={form} name="slug" label={slugLabel}>
				<input
					{...form.control('slug')}
					className={`${inputClass} font-mono`}
					value={values.slug}
					maxLength={100}
					required
					onChange={(event) => form.setSlug(event.target.value)}
				/>
			</AdminField>
		</>
	)
}

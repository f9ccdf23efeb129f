import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useBlocker, useLocation, useNavigation } from 'react-router'
import { takeStashedForm } from '#app/lib/forms/keep-typed-form.ts'
import type * as z from 'zod/mini'
import { isRejected, useSubmissionToast } from '#app/lib/forms/submission.ts'
import { notify } from '#app/components/toasts.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { fieldErrors, firstIssue } from '#domain/forms/admin-fields.ts'
import type { AdminRejection } from '#domain/forms/submission.ts'
import { slugify } from '#domain/slug.ts'
import { ConfirmDialog, FieldError, inputClass, labelClass } from './ui.tsx'

type NamedForm = { name: string; slug: string }

/**
 * State of an admin edit form (products, categories, the home page), posted as a React Router <Form> (FormData) to
 * the route's action, so it also works before the page's JavaScript has loaded. The browser checks
 * the same schema first (a refusal stays on the page, with its toast); the server's refusal comes
 * back as actionData with what was sent. What was typed before hydration is taken into the state
 * when the page hydrates, instead of being overwritten. The slug follows the name until edited.
 */
export function useAdminForm<Values extends object>(options: {
	schema: z.ZodMiniType
	initial: Values
	/** An existing record keeps its slug when the name changes. */
	editing: boolean
	actionData: unknown
	/** The values of a refused submission (strings from a posted form) as the form's own values. */
	fromSubmitted: (submitted: Record<string, unknown>, initial: Values) => Values
}) {
	const { schema, actionData } = options
	const rejected = isRejected(actionData) ? (actionData as AdminRejection) : undefined
	const [values, setValues] = useState<Values>(() => (rejected ? options.fromSubmitted(rejected.values, options.initial) : options.initial))
	const [slugEdited, setSlugEdited] = useState(options.editing)
	// The browser's own errors hold until the server answers again (they belong to the answer they were found after).
	const [clientErrors, setClientErrors] = useState<{ after: unknown; errors: Record<string, string> } | null>(null)
	const errors: Record<string, string> = (clientErrors && clientErrors.after === actionData ? clientErrors.errors : null) ?? rejected?.errors.fieldErrors ?? {}
	const navigation = useNavigation()
	const uid = useId()

	useSubmissionToast(actionData, rejected?.title ?? adminT('common.validationError'))

	// Hydration keeps what was typed in the page's HTML, but the state still holds the loaded values
	// and the next render would write them back: take the typed text into the state first.
	useLayoutEffect(() => {
		const form = document.getElementById(`${uid}-form`)
		if (!(form instanceof HTMLFormElement)) return
		const typed: Record<string, string | boolean> = {}
		for (const element of Array.from(form.elements)) {
			if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue
			const name = element.name
			if (!name || name.endsWith('[]') || !(name in values)) continue
			const current = values[name as keyof Values]
			if (element instanceof HTMLInputElement && element.type === 'checkbox') {
				if (element.checked !== current) typed[name] = element.checked
			} else if (element.type !== 'hidden' && element.value !== String(current ?? '')) typed[name] = element.value
		}
		if (Object.keys(typed).length === 0) return
		// eslint-disable-next-line react-hooks/set-state-in-effect -- the typed text is only readable once hydrated
		if ('slug' in typed) setSlugEdited(true)
		setValues((state) => {
			const next = { ...state, ...typed }
			return 'name' in typed && !('slug' in typed) && !options.editing ? { ...next, slug: slugify(String(typed.name)) } : next
		})
		// Once, right after hydration.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])

	// A save that a sign-in interrupted (expired session, ADR 0126): what was typed comes back once.
	const location = useLocation()
	useEffect(() => {
		const stashed = takeStashedForm(location.pathname)
		if (!stashed) return
		// eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is only readable in the browser
		setValues(options.fromSubmitted(stashed, options.initial))
		notify({ type: 'info', title: adminT('common.restored'), description: adminT('common.restoredHint') })
		// Once, on arriving at the form.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])

	// Leaving with unsaved changes asks first (a link in the app, or closing or reloading the tab).
	const [untouched] = useState(() => JSON.stringify(options.initial))
	const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST'
	const dirty = JSON.stringify(values) !== untouched
	const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !saving && currentLocation.pathname !== nextLocation.pathname)
	useEffect(() => {
		if (!dirty) return
		const warn = (event: BeforeUnloadEvent) => event.preventDefault()
		window.addEventListener('beforeunload', warn)
		return () => window.removeEventListener('beforeunload', warn)
	}, [dirty])
	const leaving = useRef(false)
	const unsavedDialog = (
		<ConfirmDialog
			open={blocker.state === 'blocked'}
			title={adminT('common.unsavedTitle')}
			description={adminT('common.unsavedText')}
			confirmLabel={adminT('common.leave')}
			onConfirm={() => {
				leaving.current = true
				blocker.proceed?.()
			}}
			onClose={() => {
				if (!leaving.current) blocker.reset?.()
				leaving.current = false
			}}
		/>
	)

	const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }))
	const fieldId = (name: string) => `${uid}-${name}`

	return {
		values,
		set,
		setValues,
		errors,
		fieldId,
		/** The <Form>'s id (the hydration step finds the typed values through it). */
		formId: `${uid}-form`,
		saving,
		/** Render it in the form: the 'leave without saving?' question. */
		unsavedDialog,
		/** name, id, aria-invalid and aria-describedby tying a control to its label and error. */
		control: (name: string) => ({
			name,
			id: fieldId(name),
			'aria-invalid': !!errors[name],
			'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
		}),
		setName(name: string) {
			setValues((current) => ({ ...current, name, slug: slugEdited ? (current as Partial<NamedForm>).slug : slugify(name) }))
		},
		setSlug(slug: string) {
			setSlugEdited(true)
			setValues((current) => ({ ...current, slug }))
		},
		/** The browser's check before the <Form> posts: a refusal stays here, with the same toast. */
		onSubmit(event: FormEvent) {
			const parsed = schema.safeParse(values)
			if (!parsed.success) {
				event.preventDefault()
				setClientErrors({ after: actionData, errors: fieldErrors(parsed.error) })
				notify({ type: 'error', title: adminT('common.validationError'), description: firstIssue(parsed.error).message })
				return
			}
			setClientErrors(null)
		},
	}
}

/** The parts of a form that field components use, whatever its values. */
export type AdminForm = Pick<ReturnType<typeof useAdminForm<NamedForm>>, 'fieldId' | 'errors' | 'control' | 'setName' | 'setSlug'>

/** A posted text value, or the form's own when it was not posted. */
export function submittedText(submitted: Record<string, unknown>, name: string, fallback: string): string {
	const value = submitted[name]
	return typeof value === 'string' ? value : fallback
}

/** A posted checkbox: ticked ('on', 'true', true) or not posted. */
export function submittedCheckbox(submitted: Record<string, unknown>, name: string): boolean {
	const value = submitted[name]
	return value === true || value === 'on' || value === 'true'
}

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
				<input
					{...form.control('name')}
					className={inputClass}
					value={values.name}
					maxLength={100}
					required
					onChange={(event) => form.setName(event.target.value)}
				/>
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

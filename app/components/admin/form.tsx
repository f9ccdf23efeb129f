import { useEffect, useId, useLayoutEffect, useState, type FormEvent, type ReactNode } from 'react'
import { useLocation, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { takeStashedForm } from '#app/lib/forms/keep-typed-form.ts'
import type * as z from 'zod/mini'
import { isRejected, useSubmissionToast } from '#app/lib/forms/submission.ts'
import { notify } from '#app/components/toasts.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { fieldErrors, firstIssue } from '#domain/forms/admin-fields.ts'
import type { AdminRejection } from '#domain/forms/submission.ts'
import { slugify } from '#domain/slug.ts'
import { buttonPrimary, buttonSecondary, FieldError, inputClass, labelClass } from './ui.tsx'
import { useLeaveGuard } from './leave-guard.tsx'

type NamedForm = { name: string; slug: string }

/** The version an edit form loaded and the values it loaded (JSON), posted back with each save (ADR 0225). */
type EditStamp = { version: string; loaded: string }

/** The stamp a posted form (or a refusal's values) carries, if any. */
function stampOf(values: Record<string, unknown>): EditStamp | null {
	return typeof values.version === 'string' && typeof values.loaded === 'string' ? { version: values.version, loaded: values.loaded } : null
}

function parseLoaded(loaded: string): Record<string, unknown> {
	try {
		const value: unknown = JSON.parse(loaded)
		return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
	} catch {
		return {}
	}
}

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
	/** The version of the record the form edits (ADR 0225); absent for a new one. */
	version?: number
}) {
	const { schema, actionData } = options
	const rejected = isRejected(actionData) ? (actionData as AdminRejection) : undefined
	const [values, setValues] = useState<Values>(() => (rejected ? options.fromSubmitted(rejected.values, options.initial) : options.initial))
	// What the next save says it loaded: the loader's version, or the newer one a conflict answered with.
	const [stamp, setStamp] = useState<EditStamp | null>(() =>
		options.version === undefined
			? null
			: ((rejected && stampOf(rejected.values)) ?? { version: String(options.version), loaded: JSON.stringify(options.initial) }),
	)
	const [conflict, setConflict] = useState<string | null>(null)
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

	// A save that a sign-in interrupted (expired session, ADR 0126): what was typed comes back once,
	// with the version it was typed over, so a change made meanwhile is still caught.
	const location = useLocation()
	useEffect(() => {
		const stashed = takeStashedForm(location.pathname)
		if (!stashed) return
		const stashedStamp = stampOf(stashed)
		// eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is only readable in the browser
		if (stashedStamp && stamp) setStamp(stashedStamp)
		setValues(options.fromSubmitted(stashed, options.initial))
		notify({ type: 'info', title: adminT('common.restored'), description: adminT('common.restoredHint') })
		// Once, on arriving at the form.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])

	// Leaving with unsaved changes asks first (a link in the app, or closing or reloading the tab).
	const [untouched, setUntouched] = useState(() => JSON.stringify(options.initial))

	// Someone else saved the record meanwhile (ADR 0225): the answer holds what was typed, the newest
	// values in the fields the admin did not touch, and the new version. The form takes all three,
	// so saving again applies the admin's changes on top; "reload" takes the newest version whole.
	const newest = (loaded: string) => options.fromSubmitted(parseLoaded(loaded), options.initial)
	useEffect(() => {
		const answered = rejected ? stampOf(rejected.values) : null
		if (!rejected || !answered || !stamp || (answered.version === stamp.version && answered.loaded === stamp.loaded)) {
			// eslint-disable-next-line react-hooks/set-state-in-effect -- a new answer ends the previous conflict
			setConflict(null)
			return
		}
		setStamp(answered)
		setValues(options.fromSubmitted(rejected.values, options.initial))
		setUntouched(JSON.stringify(newest(answered.loaded)))
		setConflict(rejected.errors.formError)
		// Each answer once.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [actionData])
	const conflictNotice = conflict ? (
		<div role="alert" className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm">
			<p className="font-semibold">{conflict}</p>
			<p>{adminT('conflict.hint')}</p>
			<div className="flex flex-wrap gap-3">
				<button type="submit" form={`${uid}-form`} className={buttonPrimary}>
					{adminT('conflict.apply')}
				</button>
				<button
					type="button"
					className={buttonSecondary}
					onClick={() => {
						if (stamp) setValues(newest(stamp.loaded))
						setConflict(null)
						notify({ type: 'info', title: adminT('conflict.reloaded') })
					}}
				>
					{adminT('conflict.reload')}
				</button>
			</div>
		</div>
	) : null
	const stampFields = stamp ? (
		<>
			<input type="hidden" name="version" value={stamp.version} />
			<input type="hidden" name="loaded" value={stamp.loaded} />
		</>
	) : null
	const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST'
	const dirty = JSON.stringify(values) !== untouched
	const unsavedDialog = useLeaveGuard(dirty && !saving)

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
		/** Render it inside the <Form>: the version and values it loaded, posted back with the save (ADR 0225). */
		stampFields,
		/** Render it in the form: after a conflict, what changed and the choice to apply one's changes on top or reload. */
		conflictNotice,
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

/**
 * The stamp of a small form that keeps its own inputs (the order dialog's): the version it loaded
 * and what it loaded, as hidden inputs, taking the newer ones a conflict answered with (ADR 0225)
 * so that sending the same form again applies the admin's change on top.
 */
export function EditStampFields({ version, loaded, answer }: { version: number; loaded: object; answer: unknown }) {
	const [answered, setAnswered] = useState<EditStamp | null>(null)
	useEffect(() => {
		const stamp = isRejected(answer) ? stampOf(answer.values) : null
		// eslint-disable-next-line react-hooks/set-state-in-effect -- each answer once
		if (stamp) setAnswered(stamp)
	}, [answer])
	// A newer version from the page's own data (after a save) wins over one a conflict answered with.
	const stamp = answered && Number(answered.version) > version ? answered : { version: String(version), loaded: JSON.stringify(loaded) }
	return (
		<>
			<input type="hidden" name="version" value={stamp.version} />
			<input type="hidden" name="loaded" value={stamp.loaded} />
		</>
	)
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

/** Name and slug, every admin catalogue form's first two fields (both at most 100 characters). */
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

/** The foot of an edit form: back to the list without saving, and save (busy while saving). */
export function FormActions({ cancelTo, saving }: { cancelTo: string; saving: boolean }) {
	return (
		<div className="flex justify-end gap-3 border-t border-sand pt-5">
			<Link to={cancelTo} className={buttonSecondary}>
				{adminT('common.cancel')}
			</Link>
			<button type="submit" className={buttonPrimary} disabled={saving}>
				{saving ? adminT('common.saving') : adminT('common.save')}
			</button>
		</div>
	)
}

/** The record's on/off switch ("Activ"), posted as isActive. */
export function ActiveSwitch({ checked, onChange, label }: { checked: boolean; onChange: (checked: boolean) => void; label: string }) {
	return (
		<label className="flex items-center gap-3 text-sm font-medium">
			<input
				type="checkbox"
				role="switch"
				name="isActive"
				className="size-5 accent-clay-dark"
				checked={checked}
				onChange={(event) => onChange(event.target.checked)}
			/>
			{label}
		</label>
	)
}

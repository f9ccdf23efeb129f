import { Form } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { getHomeForEdit, saveHomeContent } from '#server/home/home-content.ts'
import { EditConflictError } from '#server/admin/edit-conflict.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { readAdminSubmission, rejectAdminSubmission, rejectEditConflict } from '#server/admin/route-helpers.ts'
import { guardedUser } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { redirectWithToast } from '#server/toast.ts'
import { AdminField, submittedText, useAdminForm } from '#app/components/admin/form.tsx'
import { LibraryPicker } from '#app/components/admin/library-picker.tsx'
import { buttonPrimary, buttonSmall, FieldError, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { keepTypedForm } from '#app/lib/forms/keep-typed-form.ts'
import type { MediaFolder } from '#domain/enums.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { homeEditSchema, homeFormSchema, type HomeFormValues } from '#domain/forms/admin-home.ts'
import { formError, parseSubmission, submittedValues } from '#domain/forms/submission.ts'
import type { Route } from './+types/home'

export async function loader({ context }: Route.LoaderArgs) {
	return getHomeForEdit(getApp(context).db)
}

export function meta() {
	return [{ title: `${adminT('home.title')} | ${adminT('nav.title')}` }]
}

/** The home page form (ADR 0132), posted as a form (or JSON) and parsed with the browser's schema; saved meanwhile elsewhere: refused with what changed (ADR 0225). */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const user = guardedUser(context)
	const posted = await readAdminSubmission(request)
	const submission = parseSubmission(homeEditSchema, posted)
	if (!submission.ok) return rejectAdminSubmission(submission.errors, submission.values)
	const values = submittedValues(posted)
	try {
		await saveHomeContent(app, submission.value, user.id)
	} catch (error) {
		if (error instanceof EditConflictError) return rejectEditConflict(error, values)
		if (error instanceof AdminInputError) return rejectAdminSubmission(formError(error.message, error.field), values, error.status, adminT('common.error'))
		app.log.error({ err: error }, 'home page save failed')
		return rejectAdminSubmission(formError(adminT('home.saveError')), values, 500, adminT('common.error'))
	}
	return redirectWithToast(app, '/admin/home', { type: 'success', title: adminT('home.saved') })
}

/** In the browser: a save the server cannot answer keeps the page and what was typed (ADR 0126). */
export const clientAction = keepTypedForm(adminT('home.saveError'))

function fromSubmitted(submitted: Record<string, unknown>, initial: HomeFormValues): HomeFormValues {
	return Object.fromEntries(Object.entries(initial).map(([key, value]) => [key, submittedText(submitted, key, value)])) as HomeFormValues
}

type Form = ReturnType<typeof useAdminForm<HomeFormValues>>

/** A library image for the form: its preview, the picker (that folder only) and a button to remove it. */
function ImageField({ form, name, label, folder }: { form: Form; name: 'heroImageUrl' | 'bannerImageUrl'; label: string; folder: MediaFolder }) {
	const url = form.values[name]
	const errorId = `${form.fieldId(name)}-error`
	return (
		<fieldset aria-describedby={form.errors[name] ? errorId : undefined}>
			<legend className={labelClass}>{label}</legend>
			<input type="hidden" name={name} value={url} />
			<div className="mt-2 flex flex-wrap items-end gap-3">
				{url ? (
					<img src={url} alt={`${adminT('home.imagePreview')}: ${label}`} width={160} height={120} className="h-28 w-40 rounded-lg object-cover" />
				) : (
					<p className="text-sm text-muted">{adminT('home.noImage')}</p>
				)}
				<LibraryPicker folder={folder} picked={url ? [url] : []} onPick={(picked) => form.set(name, picked)} />
				{url ? (
					<button type="button" className={buttonSmall} onClick={() => form.set(name, '')}>
						{adminT('home.removeImage')}
					</button>
				) : null}
			</div>
			<FieldError id={errorId} message={form.errors[name]} />
		</fieldset>
	)
}

function HomeForm({ initial, version, actionData }: { initial: HomeFormValues; version: number; actionData: unknown }) {
	const form = useAdminForm({ schema: homeFormSchema, initial, editing: true, actionData, fromSubmitted, version })
	const { values, set, control } = form
	const text = (name: Exclude<keyof HomeFormValues, 'heroImageUrl' | 'bannerImageUrl'>, label: string, rows?: number, max?: number) => (
		<AdminField form={form} name={name} label={label}>
			{rows ? (
				<textarea
					{...control(name)}
					className={inputClass}
					rows={rows}
					maxLength={max}
					value={values[name]}
					onChange={(event) => set(name, event.target.value)}
				/>
			) : (
				<input {...control(name)} className={inputClass} maxLength={max} value={values[name]} onChange={(event) => set(name, event.target.value)} />
			)}
		</AdminField>
	)
	return (
		<>
			<Form method="post" id={form.formId} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-6">
				{form.stampFields}
				{form.conflictNotice}
				<section aria-labelledby="home-hero" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
					<h2 id="home-hero" className="font-serif text-xl">
						{adminT('home.hero')}
					</h2>
					{text('heroTitle', adminT('home.heroTitle'), undefined, 120)}
					{text('heroText', adminT('home.heroText'), 3, 400)}
					<ImageField form={form} name="heroImageUrl" label={adminT('home.heroImage')} folder="hero" />
				</section>
				<section aria-labelledby="home-story" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
					<h2 id="home-story" className="font-serif text-xl">
						{adminT('home.story')}
					</h2>
					{text('storyTitle', adminT('home.storyTitle'), undefined, 120)}
					{text('storyText', adminT('home.storyText'), 6, 1500)}
				</section>
				<section aria-labelledby="home-banner" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
					<h2 id="home-banner" className="font-serif text-xl">
						{adminT('home.banner')}
					</h2>
					<ImageField form={form} name="bannerImageUrl" label={adminT('home.bannerImage')} folder="banners" />
					{text('bannerAlt', adminT('home.bannerAlt'), undefined, 200)}
					<div>
						<label htmlFor={form.fieldId('bannerLink')} className={labelClass}>
							{adminT('home.bannerLink')}
						</label>
						<input
							{...control('bannerLink')}
							aria-describedby={[`${form.fieldId('bannerLink')}-hint`, form.errors.bannerLink ? `${form.fieldId('bannerLink')}-error` : '']
								.filter(Boolean)
								.join(' ')}
							className={inputClass}
							maxLength={500}
							inputMode="url"
							value={values.bannerLink}
							onChange={(event) => set('bannerLink', event.target.value)}
						/>
						<p id={`${form.fieldId('bannerLink')}-hint`} className="mt-1 text-xs text-muted">
							{adminT('home.bannerLinkHint')}
						</p>
						<FieldError id={`${form.fieldId('bannerLink')}-error`} message={form.errors.bannerLink} />
					</div>
				</section>
				<div className="flex justify-end">
					<button type="submit" className={buttonPrimary} disabled={form.saving}>
						{form.saving ? adminT('common.saving') : adminT('common.save')}
					</button>
				</div>
			</Form>
			{form.unsavedDialog}
		</>
	)
}

export default function AdminHome({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<section aria-labelledby="home-title" className="max-w-3xl">
			<h1 id="home-title" className="font-serif text-3xl">
				{adminT('home.title')}
			</h1>
			<p className="mt-2 text-sm text-muted">{adminT('home.intro')}</p>
			<p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
				<Link to="/admin/translations?tab=home" className="text-clay-dark underline underline-offset-4">
					{adminT('home.translationsLink')}
				</Link>
				<a href="/ro" className="text-clay-dark underline underline-offset-4">
					{adminT('home.viewInShop')}
				</a>
			</p>
			{/* Saved: the form starts again from what was stored (nothing left unsaved). */}
			<HomeForm key={loaderData.version} initial={loaderData.values} version={loaderData.version} actionData={actionData} />
		</section>
	)
}

import { Form, useFetcher, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { rejectAdminSubmission, rejectEditConflict, toastResult } from '#server/admin/route-helpers.ts'
import { EditConflictError } from '#server/admin/edit-conflict.ts'
import { EditStampFields } from '#app/components/admin/form.tsx'
import { editorOnly, guardedUser } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import {
	listContentTranslations,
	NothingToTranslateError,
	setContentTranslationOverride,
	TranslationTargetNotFoundError,
	type ContentTranslationField,
	type ContentTranslationItem,
} from '#server/translation/content.ts'
import { AdminErrorPage } from '#app/components/admin/error-page.tsx'
import { adminStylesheetLinks } from '#app/components/admin/stylesheet.ts'
import { Pager } from '#app/components/admin/pager.tsx'
import { buttonSecondary, buttonSmall, inputClass, labelClass, Spinner } from '#app/components/admin/ui.tsx'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { adminT, adminText } from '#domain/i18n/admin.ts'
import { searchText } from '#domain/forms/fields.ts'
import { formError, parseSubmission, submittedValues } from '#domain/forms/submission.ts'
import { MAX_TRANSLATION_OVERRIDE_LENGTH, TRANSLATION_FILTERS, translationOverrideSchema, type TranslationFilter } from '#domain/forms/translation-override.ts'
import type { Route } from './+types/translations'

/**
 * /admin/translations (content translation, ADR 0050, 0085): editors and admins see each product's
 * and category's texts (and the home page's, ADR 0132, and newsletter campaigns', ADR 0270) with their machine translation in en and es, and set or clear their own.
 * Not under the admin layout (that one is admin-only): its own middleware lets editors in.
 */
export const middleware: Route.MiddlewareFunction[] = [editorOnly]

export const links: Route.LinksFunction = adminStylesheetLinks

type Kind = 'product' | 'category' | 'home' | 'campaign'
const KINDS: readonly Kind[] = ['product', 'category', 'home', 'campaign']
const LOCALES = ['en', 'es'] as const

export async function loader(args: Route.LoaderArgs) {
	const user = guardedUser(args.context)
	const app = getApp(args.context)
	const url = new URL(args.request.url)
	const tab = url.searchParams.get('tab')
	const kind: Kind = KINDS.find((name) => name === tab) ?? 'product'
	const q = searchText(url.searchParams.get('q'))
	const rawShow = url.searchParams.get('show')
	const show = TRANSLATION_FILTERS.find((filter) => filter === rawShow) ?? 'all'
	const rawPage = Number.parseInt(url.searchParams.get('page') ?? '1', 10)
	const list = await listContentTranslations(app, { kind, search: q, show, page: Number.isFinite(rawPage) ? rawPage : 1 })
	return { ...list, kind, q, show, isAdmin: user.isAdmin }
}

export function meta() {
	return [{ title: `${adminT('translations.title')} | ${adminT('nav.title')}` }, { name: 'robots', content: 'noindex' }]
}

/** Form: kind, id, field, locale, text; a blank text or intent=clear removes the override (the machine translation shows again). */
export async function action(args: Route.ActionArgs) {
	const user = guardedUser(args.context)
	const app = getApp(args.context)
	const posted = submittedValues(await readFormData(args.request))
	const text = (name: string) => (typeof posted[name] === 'string' ? posted[name] : '')
	// The "use the machine translation" button (intent=clear) clears the override.
	const fields = {
		kind: text('kind'),
		id: text('id'),
		field: text('field'),
		locale: text('locale'),
		text: posted.intent === 'clear' ? '' : text('text'),
		version: posted.version,
		loaded: posted.loaded,
	}
	const submission = parseSubmission(translationOverrideSchema, fields)
	if (!submission.ok) {
		const { errors } = submission
		return rejectAdminSubmission({ ...errors, formError: errors.formError ?? adminT('translations.saveError') }, fields, 400, adminT('common.validationError'))
	}
	const refuse = (message: string, status: number) => rejectAdminSubmission(formError(message), fields, status, adminT('common.error'))
	try {
		const { override } = await setContentTranslationOverride(app, { ...submission.value, userId: user.id })
		return toastResult({ type: 'success', title: override === null ? adminT('translations.cleared') : adminT('translations.saved') })
	} catch (error) {
		if (error instanceof EditConflictError) return rejectEditConflict(error, fields)
		if (error instanceof TranslationTargetNotFoundError) return refuse(adminT('common.notFound'), 404)
		if (error instanceof NothingToTranslateError) return refuse(adminT('translations.saveError'), 400)
		app.log.error({ err: error }, 'translation override failed')
		return refuse(adminT('translations.saveError'), 500)
	}
}

/** The list's address: the filter lives in the URL, so a page can be reloaded, shared and gone back to. */
function pageLink(kind: Kind, q: string, show: TranslationFilter, page: number) {
	const params = new URLSearchParams({ tab: kind })
	if (q) params.set('q', q)
	if (show !== 'all') params.set('show', show)
	if (page > 1) params.set('page', String(page))
	return `/admin/translations?${params}`
}

function OverrideEditor({ item, field, locale }: { item: ContentTranslationItem; field: ContentTranslationField; locale: (typeof LOCALES)[number] }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const state = field.translations[locale]
	const busy = fetcher.state !== 'idle'
	const names = { locale: adminT(`translations.locales.${locale}`).toLowerCase(), field: adminT(`translations.fields.${field.field}`), name: item.name }
	const inputId = `override-${item.id}-${field.field}-${locale}`
	return (
		<div className="rounded-xl border border-sand p-3">
			<h4 className="text-sm font-semibold">{adminT(`translations.locales.${locale}`)}</h4>
			<p className="mt-1 text-xs uppercase tracking-wide text-muted">{adminT('translations.machine')}</p>
			<p className="mt-0.5 text-sm" data-testid={`machine-${field.field}-${locale}`}>
				{state.status === 'translated' ? state.machine : <span className="italic text-muted">{adminT(`translations.status.${state.status}`)}</span>}
			</p>
			<fetcher.Form method="post" className="mt-3">
				<input type="hidden" name="kind" value={item.kind} />
				<input type="hidden" name="id" value={item.id} />
				<input type="hidden" name="field" value={field.field} />
				<input type="hidden" name="locale" value={locale} />
				<EditStampFields version={state.version} loaded={{ text: state.override ?? '' }} answer={fetcher.data} />
				<label htmlFor={inputId} className={labelClass}>
					{adminT('translations.override')}
					<span className="sr-only"> ({adminT('translations.overrideLabel', names)})</span>
				</label>
				<textarea
					id={inputId}
					name="text"
					defaultValue={state.override ?? ''}
					key={state.override ?? ''}
					rows={field.field === 'body' ? 10 : field.field === 'description' ? 4 : 1}
					maxLength={MAX_TRANSLATION_OVERRIDE_LENGTH}
					className={inputClass}
				/>
				{state.override !== null ? <p className="mt-1 text-xs font-medium text-green-900">{adminT('translations.overrideActive')}</p> : null}
				<div className="mt-2 flex flex-wrap gap-2">
					<button type="submit" className={buttonSmall} disabled={busy} aria-label={adminT('translations.saveLabel', names)}>
						{adminT('translations.save')}
					</button>
					{state.override !== null ? (
						<button type="submit" name="intent" value="clear" className={buttonSmall} disabled={busy} aria-label={adminT('translations.clearLabel', names)}>
							{adminT('translations.clear')}
						</button>
					) : null}
				</div>
			</fetcher.Form>
		</div>
	)
}

export default function AdminTranslations({ loaderData }: Route.ComponentProps) {
	const { items, total, page, pageSize, provider, kind, q, show, isAdmin } = loaderData
	const navigation = useNavigation()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/translations'
	const pages = Math.max(1, Math.ceil(total / pageSize))
	return (
		<div lang="ro" className="mx-auto max-w-6xl px-4 py-6">
			<div className="flex flex-wrap items-center justify-between gap-3 border-b border-sand pb-3 text-sm">
				<Link to={isAdmin ? '/admin' : '/'} className="text-ink underline underline-offset-4 hover:text-clay-dark">
					{isAdmin ? adminT('translations.backToAdmin') : adminT('translations.backToShop')}
				</Link>
				<p className="text-muted">{adminT('translations.provider', { name: adminText(`translations.providers.${provider}`) ?? provider })}</p>
			</div>
			<section aria-labelledby="translations-title" className="pt-6">
				<h1 id="translations-title" className="font-serif text-3xl">
					{adminT('translations.title')}
				</h1>
				<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('translations.intro')}</p>
				{provider === 'none' ? (
					<p role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
						{adminT('translations.machineOff')}
					</p>
				) : null}
				<nav aria-label={adminT('translations.tabsLabel')} className="mt-4">
					<ul className="inline-flex flex-wrap rounded-3xl bg-sand p-1 text-sm">
						{KINDS.map((name) => (
							<li key={name}>
								<Link
									to={pageLink(name, '', show, 1)}
									aria-current={name === kind ? 'page' : undefined}
									className={`block rounded-full px-4 py-1.5 ${name === kind ? 'bg-white font-semibold text-clay-dark shadow-sm' : 'text-ink hover:text-clay-dark'}`}
								>
									{adminT(`translations.tabs.${name}`)}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				<Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
					<input type="hidden" name="tab" value={kind} />
					{kind === 'home' ? null : (
						<div className="min-w-64 flex-1">
							<label htmlFor="translation-search" className={labelClass}>
								{adminT('translations.searchLabel')}
							</label>
							<input id="translation-search" type="search" name="q" defaultValue={q} maxLength={100} className={inputClass} />
						</div>
					)}
					<div>
						<label htmlFor="translation-show" className={labelClass}>
							{adminT('translations.showLabel')}
						</label>
						<select id="translation-show" name="show" defaultValue={show} key={show} className={inputClass}>
							{TRANSLATION_FILTERS.map((filter) => (
								<option key={filter} value={filter}>
									{adminT(`translations.show.${filter}`)}
								</option>
							))}
						</select>
					</div>
					<button type="submit" className={buttonSecondary}>
						{adminT('common.search')}
					</button>
				</Form>
				{loading ? (
					<Spinner />
				) : items.length === 0 ? (
					<p className="mt-10 rounded-2xl border border-dashed border-muted/50 p-10 text-center text-muted">
						{q !== '' || show !== 'all' ? adminT('translations.emptyFiltered') : adminT('translations.empty')}
					</p>
				) : (
					<ul className="mt-6 space-y-6">
						{items.map((item) => (
							<li key={item.id}>
								<article aria-labelledby={`item-${item.id}`} className="rounded-2xl bg-white p-4 shadow-sm">
									<h2 id={`item-${item.id}`} className="font-serif text-xl">
										{item.name}
									</h2>
									{item.fields.map((field) => (
										<div key={field.field} className="mt-4">
											<h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{adminT(`translations.fields.${field.field}`)}</h3>
											<p className="mt-1 text-xs text-muted">{adminT('translations.source')}</p>
											<p className="mt-0.5 whitespace-pre-line text-sm">{field.source}</p>
											<div className="mt-3 grid gap-3 md:grid-cols-2">
												{LOCALES.map((locale) => (
													<OverrideEditor key={locale} item={item} field={field} locale={locale} />
												))}
											</div>
										</div>
									))}
								</article>
							</li>
						))}
					</ul>
				)}
				<Pager page={page} pages={pages} total={total} href={(target) => pageLink(kind, q, show, target)} />
			</section>
		</div>
	)
}

/** Outside the admin layout, so its own boundary: the same Romanian error page (ADR 0103). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return (
		<div lang="ro" className="mx-auto max-w-6xl px-4 py-6">
			<AdminErrorPage error={error} />
		</div>
	)
}

import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { sharedPageHandle } from '#domain/http/shared-page.ts'
import { useCart } from '#app/components/cart/cart-context.tsx'
import { frameLabel } from '#app/components/portrait/frame-label.ts'
import { PhotoUpload } from '#app/components/portrait/photo-upload.tsx'
import { NumberInput } from '#app/components/number-input.tsx'
import { forgetPortraitPhoto, keptPortraitPhoto } from '#app/lib/cart/kept-photo.ts'
import type { UploadedImage } from '#domain/cart.ts'
import { PORTRAIT_SIZES, type PortraitSize } from '#domain/enums.ts'
import {
	PORTRAIT_MAX_QUANTITY,
	PORTRAIT_DESCRIPTION_MAX,
	PORTRAIT_FORM_DEFAULTS,
	PORTRAIT_FRAMES,
	PORTRAIT_PERSONS,
	portraitCartItem,
	checkPortraitForm,
	portraitPrice,
	portraitSizeFrom,
	type PortraitFrame,
} from '#domain/portrait.ts'
import { WHOLE, parseLocaleNumber } from '#domain/locale-number.ts'
import { formatEuro } from '#domain/money.ts'
import { seoMeta } from '#app/lib/seo.ts'
import { useSubmissionToast, type RejectedSubmission } from '#app/lib/forms/submission.ts'
import type { Route } from './+types/customize-portrait'

export function loader({ request, context }: Route.LoaderArgs) {
	const app = getApp(context)
	const t = serverI18n(app.locale).t
	const size = portraitSizeFrom(new URL(request.url).searchParams.get('size'))
	// A public, indexable page: one canonical URL whatever the preselected size.
	return { size, meta: pageMeta(app, { title: t('portrait.title'), description: t('portrait.metaDescription'), path: '/customize-portrait' }) }
}

/** The same for every anonymous visitor in one language: the page cache may keep it. */
export const headers = sharedPageHeaders
/** The query parameters the page reads; any other is dropped before the render and from the page cache key (ADR 0121). */
export const handle = sharedPageHandle(['size'])

export function meta({ loaderData }: Route.MetaArgs) {
	return seoMeta(loaderData?.meta)
}

const fieldset = 'rounded-xl border border-sand bg-white p-4'
/** Every question's title looks the same: a field's label, or a fieldset's legend floated into the box instead of sitting on its border. */
const question = 'mb-2 block font-semibold'
const questionLegend = 'float-left mb-2 w-full font-semibold'
const choice = 'flex cursor-pointer items-center gap-2 rounded-lg border border-muted/30 px-3 py-2 has-[:checked]:border-clay-dark has-[:checked]:bg-sand/60'

/**
 * The fields are uncontrolled (ADR 0104): what a visitor typed or chose before the page hydrated
 * stays, and the form is read as it stands, on hydration and on submit.
 */
type PortraitFields = {
	size: PortraitSize
	persons: (typeof PORTRAIT_PERSONS)[number]
	withCar: boolean
	withPet: boolean
	frame: PortraitFrame
	description: string
	quantityText: string
}

function readPortraitForm(form: HTMLFormElement, fallback: PortraitFields): PortraitFields {
	const data = new FormData(form)
	const text = (name: string) => {
		const value = data.get(name)
		return typeof value === 'string' ? value : null
	}
	const oneOf = <T extends string>(options: readonly T[], value: string | null, otherwise: T) => (options.includes(value as T) ? (value as T) : otherwise)
	return {
		size: oneOf(PORTRAIT_SIZES, text('size'), fallback.size),
		persons: oneOf(PORTRAIT_PERSONS, text('persons'), fallback.persons),
		withCar: text('withCar') === 'true',
		withPet: text('withPet') === 'true',
		frame: oneOf(PORTRAIT_FRAMES, text('frame'), fallback.frame),
		description: (text('description') ?? '').slice(0, PORTRAIT_DESCRIPTION_MAX),
		quantityText: text('quantity') ?? '',
	}
}

const noSubscription = () => () => {}

function YesNo({ name, legend, value }: { name: string; legend: string; value: boolean }) {
	const { t } = useTranslation()
	return (
		<fieldset className={fieldset}>
			<legend className={questionLegend}>{legend}</legend>
			<div className="clear-both flex gap-3">
				{[false, true].map((option) => (
					<label key={String(option)} className={choice}>
						<input type="radio" name={name} value={String(option)} defaultChecked={value === option} className="accent-clay-dark" />
						{option ? t('portrait.yes') : t('portrait.no')}
					</label>
				))}
			</div>
		</fieldset>
	)
}

export default function CustomizePortrait({ loaderData }: Route.ComponentProps) {
	// A new ?size= (from the catalog) starts a fresh form.
	return <PortraitForm key={loaderData.size} initialSize={loaderData.size} />
}

function PortraitForm({ initialSize }: { initialSize: PortraitSize }) {
	const { t, i18n } = useTranslation()
	const { add } = useCart()
	const ids = { persons: useId(), description: useId(), counter: useId(), quantity: useId(), quantityHint: useId(), quantityError: useId() }
	const defaults: PortraitFields = {
		size: initialSize,
		persons: PORTRAIT_FORM_DEFAULTS.persons,
		withCar: PORTRAIT_FORM_DEFAULTS.withCar,
		withPet: PORTRAIT_FORM_DEFAULTS.withPet,
		frame: PORTRAIT_FORM_DEFAULTS.frame,
		description: PORTRAIT_FORM_DEFAULTS.description,
		quantityText: String(PORTRAIT_FORM_DEFAULTS.quantity),
	}
	const formRef = useRef<HTMLFormElement>(null)
	// What the form holds now; the price and the counter follow it.
	const [fields, setFields] = useState<PortraitFields>(defaults)
	const { size, frame, description, quantityText } = fields
	const [photo, setPhoto] = useState<UploadedImage | null>(null)
	// The photo of a cart the customer emptied, offered again rather than asked for twice.
	const [photoKept, setPhotoKept] = useState(false)
	const [photoError, setPhotoError] = useState<string | null>(null)
	const [quantityError, setQuantityError] = useState<string | null>(null)
	const [refusal, setRefusal] = useState<RejectedSubmission | null>(null)
	const [uploading, setUploading] = useState(false)
	// The cart lives in the browser and the photo is uploaded by script: the button waits for the page's
	// JavaScript (what was typed meanwhile stays), rather than sending the form somewhere that cannot take it.
	const hydrated = useSyncExternalStore(
		noSubscription,
		() => true,
		() => false,
	)
	useSubmissionToast(refusal, t('form.validationTitle'), (message) => t(message, { max: PORTRAIT_MAX_QUANTITY }))

	// Typed before the page hydrated: the fields kept it; the price and the counter catch up.
	useEffect(() => {
		if (formRef.current) setFields(readPortraitForm(formRef.current, defaults))
		const kept = keptPortraitPhoto()
		if (kept) {
			setPhoto(kept)
			setPhotoKept(true)
		}
		// Once, at hydration; later changes arrive through the form's onChange.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])

	const reading = parseLocaleNumber(quantityText, WHOLE)
	const quantity = reading.ok ? reading.value : Number.NaN
	const quantityValid = Number.isInteger(quantity) && quantity >= 1 && quantity <= PORTRAIT_MAX_QUANTITY
	// A quantity the cart cannot take is said as it is typed, never priced as one portrait.
	const shownQuantityError = quantityError ?? (quantityText.trim() !== '' && !quantityValid ? 'portrait.quantityInvalid' : null)
	const price = portraitPrice({ size, frame, quantity: quantityValid ? quantity : 1 })
	const withLimit = (message: string) => t(message, { max: PORTRAIT_MAX_QUANTITY })

	function submit(event: React.FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const { quantityText: _text, ...current } = readPortraitForm(event.currentTarget, fields)
		const submission = checkPortraitForm({ ...current, quantity, uploadedImage: photo })
		if (!submission.ok) {
			setQuantityError(submission.errors.fieldErrors.quantity ?? null)
			setPhotoError(submission.errors.fieldErrors.uploadedImage ?? null)
			setRefusal({ errors: submission.errors, values: submission.values })
			return
		}
		setQuantityError(null)
		setPhotoError(null)
		const form = { ...submission.value, uploadedImage: submission.value.uploadedImage! }
		const line = portraitCartItem(form, t('portrait.itemName', { size: form.size }))
		add(line.item, line.quantity)
		// Back in the cart: nothing to keep apart any more.
		forgetPortraitPhoto()
		setPhotoKept(false)
	}

	function changePhoto(next: UploadedImage | null) {
		setPhoto(next)
		forgetPortraitPhoto()
		setPhotoKept(false)
	}

	return (
		<div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
			<h1 className="font-serif text-3xl sm:text-4xl">{t('portrait.title')}</h1>
			<p className="mt-3 text-muted">{t('portrait.intro')}</p>
			<form
				ref={formRef}
				onSubmit={submit}
				onChange={(event) => setFields(readPortraitForm(event.currentTarget, fields))}
				noValidate
				className="mt-8 space-y-5"
			>
				<fieldset className={fieldset}>
					<legend className={questionLegend}>{t('portrait.size')}</legend>
					<div className="clear-both flex flex-wrap gap-3">
						{PORTRAIT_SIZES.map((option) => (
							<label key={option} className={choice}>
								<input type="radio" name="size" value={option} defaultChecked={defaults.size === option} className="accent-clay-dark" />
								{t('portrait.sizeOption', { size: option })}
							</label>
						))}
					</div>
				</fieldset>

				<div className={fieldset}>
					<label htmlFor={ids.persons} className={question}>
						{t('portrait.persons')}
					</label>
					<select id={ids.persons} name="persons" defaultValue={defaults.persons} className="w-32 rounded-lg border border-muted/40 bg-white px-3 py-2">
						{PORTRAIT_PERSONS.map((option) => (
							<option key={option} value={option}>
								{option}
							</option>
						))}
					</select>
				</div>

				<div className="grid gap-5 sm:grid-cols-2">
					<YesNo name="withCar" legend={t('portrait.withCar')} value={defaults.withCar} />
					<YesNo name="withPet" legend={t('portrait.withPet')} value={defaults.withPet} />
				</div>

				<fieldset className={fieldset}>
					<legend className={questionLegend}>{t('portrait.frame')}</legend>
					<div className="clear-both flex flex-wrap gap-3">
						{PORTRAIT_FRAMES.map((option) => (
							<label key={option} className={choice}>
								<input type="radio" name="frame" value={option} defaultChecked={defaults.frame === option} className="accent-clay-dark" />
								{frameLabel(t, option, i18n.language)}
							</label>
						))}
					</div>
				</fieldset>

				<div className={fieldset}>
					<label htmlFor={ids.description} className={question}>
						{t('portrait.description')}
					</label>
					<textarea
						id={ids.description}
						name="description"
						defaultValue={defaults.description}
						maxLength={PORTRAIT_DESCRIPTION_MAX}
						rows={4}
						placeholder={t('portrait.descriptionHint')}
						aria-describedby={ids.counter}
						className="w-full rounded-lg border border-muted/40 bg-white px-3 py-2"
					/>
					<p id={ids.counter} className="text-right text-sm text-muted" aria-live="polite">
						{t('portrait.counter', { count: description.length, max: PORTRAIT_DESCRIPTION_MAX })}
					</p>
				</div>

				<div className={fieldset}>
					<PhotoUpload value={photo} onChange={changePhoto} onBusyChange={setUploading} error={photoError} onError={setPhotoError} />
					{photoKept ? (
						<p role="status" className="mt-2 text-sm text-muted">
							{t('portrait.photoKept')}
						</p>
					) : null}
				</div>

				<div className="flex flex-wrap items-end justify-between gap-5 rounded-xl bg-sand/60 p-4">
					<div>
						<label htmlFor={ids.quantity} className={question}>
							{t('portrait.quantity')}
						</label>
						<NumberInput
							id={ids.quantity}
							format={WHOLE}
							name="quantity"
							defaultValue={defaults.quantityText}
							aria-invalid={shownQuantityError ? true : undefined}
							aria-describedby={shownQuantityError ? `${ids.quantityHint} ${ids.quantityError}` : ids.quantityHint}
							onChange={() => setQuantityError(null)}
							className="w-24 rounded-lg border border-muted/40 bg-white px-3 py-2"
						/>
						<p id={ids.quantityHint} className="mt-2 max-w-xs text-sm text-muted">
							{withLimit('portrait.quantityHint')}
						</p>
						{shownQuantityError ? (
							<p id={ids.quantityError} role="alert" className="mt-2 text-sm font-medium text-danger">
								{withLimit(shownQuantityError)}
							</p>
						) : null}
					</div>
					<div className="text-right">
						<p className="text-sm text-muted">{t('portrait.price')}</p>
						<p className="font-serif text-3xl" aria-live="polite">
							<output data-testid="portrait-price">{quantityValid ? formatEuro(price.totalCents, i18n.language) : '—'}</output>
						</p>
						{quantityValid ? <p className="text-sm text-muted">{t('portrait.unitPrice', { price: formatEuro(price.unitCents, i18n.language) })}</p> : null}
					</div>
				</div>

				<button type="submit" disabled={uploading || !hydrated} className="w-full btn-primary text-lg">
					{t('portrait.addToCart')}
				</button>
			</form>
		</div>
	)
}

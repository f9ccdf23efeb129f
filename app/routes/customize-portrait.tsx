import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { pageMeta } from '#server/seo.ts'
import { sharedPageHeaders } from '#server/http/shared-page.ts'
import { useCart } from '#app/components/cart/cart-context.tsx'
import { PhotoUpload } from '#app/components/portrait/photo-upload.tsx'
import type { UploadedImage } from '#domain/cart.ts'
import { PORTRAIT_SIZES, type PortraitSize } from '#domain/enums.ts'
import {
	PORTRAIT_DESCRIPTION_MAX,
	PORTRAIT_FORM_DEFAULTS,
	PORTRAIT_FRAMES,
	PORTRAIT_PERSONS,
	portraitCartItem,
	portraitFormSchema,
	portraitPrice,
	portraitSizeFrom,
	type PortraitFrame,
} from '#domain/portrait.ts'
import { formatEuro } from '#domain/money.ts'
import { seoMeta } from '#app/lib/seo.ts'
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

export function meta({ loaderData }: Route.MetaArgs) {
	return seoMeta(loaderData?.meta)
}

const FRAME_KEYS: Record<PortraitFrame, string> = { none: 'portrait.frameNone', simple: 'portrait.frameSimple', premium: 'portrait.framePremium' }
const fieldset = 'rounded-xl border border-sand bg-white p-4'
const choice = 'flex cursor-pointer items-center gap-2 rounded-lg border border-muted/30 px-3 py-2 has-[:checked]:border-clay-dark has-[:checked]:bg-sand/60'

function YesNo({ name, legend, value, onChange }: { name: string; legend: string; value: boolean; onChange: (value: boolean) => void }) {
	const { t } = useTranslation()
	return (
		<fieldset className={fieldset}>
			<legend className="px-1 font-medium">{legend}</legend>
			<div className="mt-1 flex gap-3">
				{[false, true].map((option) => (
					<label key={String(option)} className={choice}>
						<input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} className="accent-clay-dark" />
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
	const ids = { persons: useId(), description: useId(), counter: useId(), quantity: useId(), quantityError: useId() }
	const [size, setSize] = useState<PortraitSize>(initialSize)
	const [persons, setPersons] = useState<(typeof PORTRAIT_PERSONS)[number]>(PORTRAIT_FORM_DEFAULTS.persons)
	const [withCar, setWithCar] = useState<boolean>(PORTRAIT_FORM_DEFAULTS.withCar)
	const [withPet, setWithPet] = useState<boolean>(PORTRAIT_FORM_DEFAULTS.withPet)
	const [frame, setFrame] = useState<PortraitFrame>(PORTRAIT_FORM_DEFAULTS.frame)
	const [description, setDescription] = useState('')
	const [quantityText, setQuantityText] = useState('1')
	const [photo, setPhoto] = useState<UploadedImage | null>(null)
	const [photoError, setPhotoError] = useState<string | null>(null)
	const [quantityError, setQuantityError] = useState<string | null>(null)
	const [uploading, setUploading] = useState(false)

	const quantity = /^\d+$/.test(quantityText.trim()) ? Number(quantityText.trim()) : Number.NaN
	const quantityValid = Number.isInteger(quantity) && quantity >= 1 && quantity <= 999
	const price = portraitPrice({ size, frame, quantity: quantityValid ? quantity : 1 })

	function submit(event: React.FormEvent) {
		event.preventDefault()
		const parsed = portraitFormSchema.safeParse({ size, persons, withCar, withPet, frame, description, quantity, uploadedImage: photo })
		if (!parsed.success) {
			const issues = parsed.error.issues
			setQuantityError(issues.find((issue) => issue.path[0] === 'quantity')?.message ?? null)
			setPhotoError(issues.find((issue) => issue.path[0] === 'uploadedImage')?.message ?? null)
			return
		}
		setQuantityError(null)
		setPhotoError(null)
		const form = { ...parsed.data, uploadedImage: parsed.data.uploadedImage! }
		const line = portraitCartItem(form, t('portrait.itemName', { size: form.size }))
		add(line.item, line.quantity)
	}

	return (
		<div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
			<h1 className="font-serif text-3xl sm:text-4xl">{t('portrait.title')}</h1>
			<p className="mt-3 text-muted">{t('portrait.intro')}</p>
			<form onSubmit={submit} noValidate className="mt-8 space-y-5">
				<fieldset className={fieldset}>
					<legend className="px-1 font-medium">{t('portrait.size')}</legend>
					<div className="mt-1 flex flex-wrap gap-3">
						{PORTRAIT_SIZES.map((option) => (
							<label key={option} className={choice}>
								<input type="radio" name="size" value={option} checked={size === option} onChange={() => setSize(option)} className="accent-clay-dark" />
								{t('portrait.sizeOption', { size: option })}
							</label>
						))}
					</div>
				</fieldset>

				<div className={fieldset}>
					<label htmlFor={ids.persons} className="block font-medium">
						{t('portrait.persons')}
					</label>
					<select
						id={ids.persons}
						value={persons}
						onChange={(event) => setPersons(event.target.value as (typeof PORTRAIT_PERSONS)[number])}
						className="mt-2 w-32 rounded-lg border border-muted/40 bg-white px-3 py-2"
					>
						{PORTRAIT_PERSONS.map((option) => (
							<option key={option} value={option}>
								{option}
							</option>
						))}
					</select>
				</div>

				<div className="grid gap-5 sm:grid-cols-2">
					<YesNo name="withCar" legend={t('portrait.withCar')} value={withCar} onChange={setWithCar} />
					<YesNo name="withPet" legend={t('portrait.withPet')} value={withPet} onChange={setWithPet} />
				</div>

				<fieldset className={fieldset}>
					<legend className="px-1 font-medium">{t('portrait.frame')}</legend>
					<div className="mt-1 flex flex-wrap gap-3">
						{PORTRAIT_FRAMES.map((option) => (
							<label key={option} className={choice}>
								<input type="radio" name="frame" value={option} checked={frame === option} onChange={() => setFrame(option)} className="accent-clay-dark" />
								{t(FRAME_KEYS[option])}
							</label>
						))}
					</div>
				</fieldset>

				<div className={fieldset}>
					<label htmlFor={ids.description} className="block font-medium">
						{t('portrait.description')}
					</label>
					<textarea
						id={ids.description}
						value={description}
						maxLength={PORTRAIT_DESCRIPTION_MAX}
						rows={4}
						placeholder={t('portrait.descriptionHint')}
						aria-describedby={ids.counter}
						onChange={(event) => setDescription(event.target.value.slice(0, PORTRAIT_DESCRIPTION_MAX))}
						className="mt-2 w-full rounded-lg border border-muted/40 bg-white px-3 py-2"
					/>
					<p id={ids.counter} className="text-right text-sm text-muted" aria-live="polite">
						{t('portrait.counter', { count: description.length, max: PORTRAIT_DESCRIPTION_MAX })}
					</p>
				</div>

				<div className={fieldset}>
					<PhotoUpload value={photo} onChange={setPhoto} onBusyChange={setUploading} error={photoError} onError={setPhotoError} />
				</div>

				<div className="flex flex-wrap items-end justify-between gap-5 rounded-xl bg-sand/60 p-4">
					<div>
						<label htmlFor={ids.quantity} className="block font-medium">
							{t('portrait.quantity')}
						</label>
						<input
							id={ids.quantity}
							type="number"
							inputMode="numeric"
							min={1}
							max={999}
							step={1}
							value={quantityText}
							aria-invalid={quantityError ? true : undefined}
							aria-describedby={quantityError ? ids.quantityError : undefined}
							onChange={(event) => {
								setQuantityText(event.target.value)
								setQuantityError(null)
							}}
							className="mt-2 w-24 rounded-lg border border-muted/40 bg-white px-3 py-2"
						/>
						{quantityError ? (
							<p id={ids.quantityError} role="alert" className="mt-2 text-sm font-medium text-red-800">
								{t(quantityError)}
							</p>
						) : null}
					</div>
					<div className="text-right">
						<p className="text-sm text-muted">{t('portrait.price')}</p>
						<p className="font-serif text-3xl" aria-live="polite">
							<output data-testid="portrait-price">{formatEuro(price.totalCents, i18n.language)}</output>
						</p>
						<p className="text-sm text-muted">{t('portrait.unitPrice', { price: formatEuro(price.unitCents, i18n.language) })}</p>
					</div>
				</div>

				<button type="submit" disabled={uploading} className="w-full rounded-full bg-clay-dark px-6 py-3 text-lg font-medium text-white hover:bg-ink disabled:opacity-60">
					{t('portrait.addToCart')}
				</button>
			</form>
		</div>
	)
}

import { useId, useRef, useState } from 'react'
import { adminT } from '#domain/i18n/admin.ts'
import { ADMIN_IMAGE_ACCEPT, checkImageFile } from '#domain/media.ts'
import { PRODUCT_MAX_IMAGES } from '#domain/forms/admin-product.ts'
import { notify } from '../toasts.tsx'
import { buttonSecondary, buttonSmall } from './ui.tsx'
import { uploadFile } from './upload.ts'
import { LibraryPicker } from './library-picker.tsx'

type InFlight = { key: string; name: string; percent: number }

/**
 * The product's images: several uploaded at once (each with its progress, into the media library's
 * products folder) or picked from the library, reordered with buttons, removed; the first is the
 * main image.
 */
export function ProductImages({
	images,
	onChange,
	onBusyChange,
	error,
}: {
	images: string[]
	onChange: (update: (images: string[]) => string[]) => void
	onBusyChange: (busy: boolean) => void
	error?: string
}) {
	const inputId = useId()
	const input = useRef<HTMLInputElement>(null)
	const [inFlight, setInFlight] = useState<InFlight[]>([])

	async function upload(files: File[]) {
		if (input.current) input.current.value = ''
		const accepted: File[] = []
		for (const file of files) {
			const rejection = checkImageFile(file)
			if (rejection === 'invalid')
				notify({ type: 'error', title: adminT('messages.invalidFile'), description: adminT('messages.invalidFileText', { name: file.name }) })
			else if (rejection === 'too-large')
				notify({ type: 'error', title: adminT('messages.fileTooLarge'), description: adminT('messages.fileTooLargeText', { name: file.name }) })
			else accepted.push(file)
		}
		const room = PRODUCT_MAX_IMAGES - images.length
		const batch = accepted.slice(0, Math.max(0, room)).map((file, index) => ({ file, key: `${Date.now()}-${index}-${file.name}` }))
		if (batch.length === 0) return
		onBusyChange(true)
		setInFlight((current) => [...current, ...batch.map(({ key, file }) => ({ key, name: file.name, percent: 0 }))])
		let uploaded = 0
		// One after the other, so the images keep the order they were chosen in.
		for (const { file, key } of batch) {
			const answer = await uploadFile<{ url: string }>(
				'/admin/api/images',
				file,
				{ purpose: 'product' },
				(percent) => setInFlight((current) => current.map((item) => (item.key === key ? { ...item, percent } : item))),
				adminT('messages.imagesLoad'),
			)
			setInFlight((current) => current.filter((item) => item.key !== key))
			if (answer.ok) {
				uploaded++
				onChange((current) => [...current, answer.value.url])
			} else notify({ type: 'error', title: answer.title, description: answer.message })
		}
		onBusyChange(false)
		if (uploaded > 0) notify({ type: 'success', title: adminT('messages.imagesUploaded', { count: uploaded }) })
	}

	function move(index: number, by: -1 | 1) {
		onChange((current) => {
			const next = [...current]
			const [item] = next.splice(index, 1)
			next.splice(index + by, 0, item!)
			return next
		})
	}

	return (
		<fieldset aria-describedby={`${inputId}-hint`}>
			<legend className="font-serif text-xl">{adminT('products.images')}</legend>
			<p id={`${inputId}-hint`} className="mt-1 text-xs text-muted">
				{adminT('products.imagesHint')}
			</p>
			{images.length > 0 ? (
				<ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={adminT('products.images')}>
					{images.map((url, index) => (
						<li key={url} className="rounded-lg border border-sand bg-cream p-2">
							<div className="relative">
								<img
									src={url}
									alt={adminT('products.imageAlt', { n: index + 1 })}
									width={200}
									height={200}
									className="aspect-square w-full rounded object-cover"
								/>
								{index === 0 ? (
									<span className="absolute left-1 top-1 rounded-full bg-clay-dark px-2 py-0.5 text-xs font-semibold text-white">
										{adminT('products.mainImage')}
									</span>
								) : null}
							</div>
							<div className="mt-2 flex flex-wrap justify-between gap-1">
								<button
									type="button"
									className={buttonSmall}
									disabled={index === 0}
									onClick={() => move(index, -1)}
									aria-label={adminT('products.moveLeft', { n: index + 1 })}
								>
									←
								</button>
								<button
									type="button"
									className={buttonSmall}
									disabled={index === images.length - 1}
									onClick={() => move(index, 1)}
									aria-label={adminT('products.moveRight', { n: index + 1 })}
								>
									→
								</button>
								<button
									type="button"
									className={buttonSmall}
									onClick={() => onChange((current) => current.filter((_, i) => i !== index))}
									aria-label={adminT('products.removeImage', { n: index + 1 })}
								>
									✕
								</button>
							</div>
						</li>
					))}
				</ol>
			) : null}
			{inFlight.length > 0 ? (
				<ul className="mt-3 space-y-2">
					{inFlight.map((item) => (
						<li key={item.key} className="flex items-center gap-3 text-sm">
							<span className="min-w-0 flex-1 truncate">{item.name}</span>
							<progress max={100} value={item.percent} aria-label={adminT('products.uploading', { name: item.name })} className="h-2 w-40 accent-clay-dark" />
						</li>
					))}
				</ul>
			) : null}
			{/* The file input is visually hidden; its focus shows as a ring on the button-like label. */}
			<div className="mt-3 flex flex-wrap items-center gap-3 [&:has(input:focus-visible)>label]:outline-2 [&:has(input:focus-visible)>label]:outline-offset-2 [&:has(input:focus-visible)>label]:outline-clay-dark">
				<label htmlFor={inputId} className={`${buttonSecondary} cursor-pointer`}>
					{adminT('products.addImages')}
				</label>
				<input
					ref={input}
					id={inputId}
					type="file"
					multiple
					accept={ADMIN_IMAGE_ACCEPT}
					className="sr-only"
					disabled={inFlight.length > 0 || images.length >= PRODUCT_MAX_IMAGES}
					onChange={(event) => void upload([...(event.target.files ?? [])])}
				/>
				<LibraryPicker
					folder="products"
					picked={images}
					disabled={inFlight.length > 0 || images.length >= PRODUCT_MAX_IMAGES}
					onPick={(url) => onChange((current) => (current.includes(url) || current.length >= PRODUCT_MAX_IMAGES ? current : [...current, url]))}
				/>
			</div>
			{error ? <p className="mt-1 text-sm text-red-800">{error}</p> : null}
		</fieldset>
	)
}

import { useId, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import type { UploadedImage } from '#domain/cart.ts'
import { PORTRAIT_PHOTO_MAX_BYTES } from '#domain/portrait-price.ts'
import { notify } from '../toasts.tsx'

export const PORTRAIT_UPLOAD_ENDPOINT = '/api/uploads/portrait'
const ACCEPT = 'image/jpeg,image/png,image/webp'
const KNOWN_ERRORS = new Set(['portrait.photoRequired', 'portrait.photoTooLarge', 'portrait.photoInvalid', 'portrait.tooManyUploads'])

type UploadResult = { ok: true; upload: UploadedImage } | { ok: false; error: string }

/** XMLHttpRequest rather than fetch: it reports upload progress. */
function uploadPhoto(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
	return new Promise((resolve) => {
		const body = new FormData()
		body.append('photo', file)
		const request = new XMLHttpRequest()
		request.open('POST', PORTRAIT_UPLOAD_ENDPOINT)
		request.responseType = 'json'
		request.upload.onprogress = (event) => {
			if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
		}
		request.onload = () => {
			const response = request.response as { id?: unknown; url?: unknown; code?: unknown } | null
			if (request.status === 201 && typeof response?.id === 'string' && typeof response.url === 'string') {
				resolve({ ok: true, upload: { id: response.id, url: response.url } })
			} else {
				const error = typeof response?.code === 'string' && KNOWN_ERRORS.has(response.code) ? response.code : 'portrait.uploadFailed'
				resolve({ ok: false, error })
			}
		}
		request.onerror = () => resolve({ ok: false, error: 'portrait.uploadFailed' })
		request.send(body)
	})
}

/**
 * The portrait photo field: uploads the chosen file at once (with a progress bar), then shows a
 * preview and a remove button. The form keeps only the upload's id and URL.
 */
export function PhotoUpload({
	value,
	onChange,
	onBusyChange,
	error,
	onError,
}: {
	value: UploadedImage | null
	onChange: (value: UploadedImage | null) => void
	onBusyChange: (busy: boolean) => void
	/** A translation key, shown under the field. */
	error: string | null
	onError: (key: string | null) => void
}) {
	const { t } = useTranslation()
	const inputId = useId()
	const hintId = useId()
	const errorId = useId()
	const input = useRef<HTMLInputElement>(null)
	const [progress, setProgress] = useState<number | null>(null)

	async function choose(file: File | undefined) {
		if (!file) return
		if (file.size > PORTRAIT_PHOTO_MAX_BYTES) {
			onError('portrait.photoTooLarge')
			if (input.current) input.current.value = ''
			return
		}
		onError(null)
		setProgress(0)
		onBusyChange(true)
		const result = await uploadPhoto(file, setProgress)
		setProgress(null)
		onBusyChange(false)
		if (input.current) input.current.value = ''
		if (result.ok) {
			onChange(result.upload)
			notify({ type: 'success', title: t('portrait.photoUploaded') })
		} else {
			onError(result.error)
		}
	}

	const uploading = progress !== null
	return (
		<div>
			{value ? (
				<p className="font-semibold">{t('portrait.photo')}</p>
			) : (
				<label htmlFor={inputId} className="block font-semibold">
					{t('portrait.photo')}
				</label>
			)}
			<p id={hintId} className="text-sm text-muted">
				{t('portrait.photoHint')}
			</p>
			{value ? (
				<div className="mt-3 flex items-start gap-4">
					<img src={value.url} alt={t('portrait.photoPreview')} className="max-h-48 max-w-48 rounded-lg border border-sand object-contain" />
					<button
						type="button"
						onClick={() => {
							onChange(null)
							notify({ type: 'info', title: t('portrait.photoRemoved') })
						}}
						className="btn-secondary px-4 py-2 text-sm"
					>
						{t('portrait.removePhoto')}
					</button>
				</div>
			) : (
				<input
					ref={input}
					id={inputId}
					type="file"
					name="photo"
					accept={ACCEPT}
					disabled={uploading}
					aria-describedby={error ? `${hintId} ${errorId}` : hintId}
					aria-invalid={error ? true : undefined}
					onChange={(event) => void choose(event.target.files?.[0])}
					className="mt-2 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-clay-dark file:px-4 file:py-2 file:font-medium file:text-white disabled:opacity-60"
				/>
			)}
			{uploading ? (
				<div className="mt-3" role="status">
					<p className="text-sm">{t('portrait.uploading')}</p>
					<progress value={progress} max={100} aria-label={t('portrait.uploadProgress')} className="mt-1 h-2 w-full accent-clay-dark">
						{progress}%
					</progress>
				</div>
			) : null}
			{error ? (
				<p id={errorId} role="alert" className="mt-2 text-sm font-medium text-danger">
					{t(error)}
				</p>
			) : null}
		</div>
	)
}

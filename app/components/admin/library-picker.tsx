import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { adminT } from '#domain/i18n/admin.ts'
import type { MediaFolder } from '#domain/enums.ts'
import { ADMIN_IMAGE_ACCEPT } from '#domain/media.ts'
import { notify } from '../toasts.tsx'
import { buttonSecondary, buttonSmall, Spinner } from './ui.tsx'
import { acceptImageFile, uploadFile } from './upload.ts'

type LibraryFile = { id: string; filename: string; url: string; used: boolean }
type LibraryList = { folder: MediaFolder; files: LibraryFile[] }

/**
 * The media library as a picker (ADR 0132): a button opens a modal dialog (native <dialog>: focus
 * kept inside, Escape closes) listing one folder's images, each a button; an image may also be
 * uploaded into that folder from here, and is then picked. The form keeps only the picked URL.
 */
export function LibraryPicker({
	folder,
	onPick,
	picked = [],
	disabled = false,
	label = adminT('media.pickFromLibrary'),
}: {
	folder: MediaFolder
	onPick: (url: string) => void
	/** URLs already chosen: marked in the grid. */
	picked?: readonly string[]
	disabled?: boolean
	label?: string
}) {
	const titleId = useId()
	const inputId = useId()
	const dialog = useRef<HTMLDialogElement>(null)
	const input = useRef<HTMLInputElement>(null)
	const fetcher = useFetcher<LibraryList>()
	const [open, setOpen] = useState(false)
	const [uploading, setUploading] = useState<number | null>(null)
	const endpoint = `/admin/api/media?folder=${folder}`

	useEffect(() => {
		const element = dialog.current
		if (!element) return
		if (open && !element.open) element.showModal()
		if (!open && element.open) element.close()
	}, [open])

	function show() {
		setOpen(true)
		void fetcher.load(endpoint)
	}

	function pick(url: string) {
		onPick(url)
		setOpen(false)
	}

	async function upload(file: File | undefined) {
		if (input.current) input.current.value = ''
		if (!file) return
		if (!acceptImageFile(file)) return
		setUploading(0)
		const answer = await uploadFile<{ url: string }>('/admin/api/media', file, { folder }, setUploading, adminT('messages.mediaLoad'))
		setUploading(null)
		if (!answer.ok) {
			notify({ type: 'error', title: answer.title, description: answer.message })
			return
		}
		notify({ type: 'success', title: adminT('messages.mediaUploaded') })
		pick(answer.value.url)
	}

	const files = fetcher.data?.folder === folder ? fetcher.data.files : null
	return (
		<>
			<button type="button" className={buttonSecondary} onClick={show} disabled={disabled}>
				{label}
			</button>
			<dialog
				ref={dialog}
				onClose={() => setOpen(false)}
				aria-labelledby={titleId}
				className="m-auto max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-4 text-ink shadow-xl backdrop:bg-ink/40 sm:p-6"
			>
				{open ? (
					<>
						<div className="flex items-start justify-between gap-3">
							<h2 id={titleId} className="font-serif text-xl">
								{adminT('media.pickerTitle')}: {adminT(`media.folders.${folder}`)}
							</h2>
							<button type="button" className={buttonSmall} onClick={() => setOpen(false)}>
								{adminT('media.close')}
							</button>
						</div>
						<div className="mt-4 flex flex-wrap items-center gap-3 [&:has(input:focus-visible)>label]:outline-2 [&:has(input:focus-visible)>label]:outline-offset-2 [&:has(input:focus-visible)>label]:outline-clay-dark">
							<label htmlFor={inputId} className={`${buttonSecondary} cursor-pointer`}>
								{adminT('media.uploadInto')}
							</label>
							<input
								ref={input}
								id={inputId}
								type="file"
								accept={ADMIN_IMAGE_ACCEPT}
								className="sr-only"
								disabled={uploading !== null}
								onChange={(event) => void upload(event.target.files?.[0])}
							/>
							{uploading !== null ? (
								<progress max={100} value={uploading} aria-label={adminT('common.loading')} className="h-2 w-40 accent-clay-dark" />
							) : (
								<span className="text-xs text-muted">{adminT('media.hint')}</span>
							)}
						</div>
						{files === null ? (
							<Spinner />
						) : files.length === 0 ? (
							<p className="mt-6 text-center text-sm text-muted">{adminT('media.pickerEmpty')}</p>
						) : (
							<ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={adminT(`media.folders.${folder}`)}>
								{files.map((file) => {
									const chosen = picked.includes(file.url)
									return (
										<li key={file.id} className="relative">
											<button
												type="button"
												onClick={() => pick(file.url)}
												aria-label={adminT('media.pick', { name: file.filename })}
												aria-pressed={chosen}
												className={`block w-full overflow-hidden rounded-lg border-2 bg-cream text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay-dark ${chosen ? 'border-clay-dark' : 'border-transparent hover:border-muted'}`}
											>
												<img src={file.url} alt="" width={200} height={200} loading="lazy" className="aspect-square w-full object-cover" />
												<span className="block truncate px-2 py-1 text-xs" aria-hidden="true">
													{file.filename}
												</span>
											</button>
											{/* Outside the button: its visible text stays within its name (aria-pressed tells it is chosen). */}
											{chosen ? (
												<span aria-hidden="true" className="pointer-events-none absolute left-2 top-2 rounded-full bg-clay-dark px-2 py-0.5 text-xs text-white">
													✓ {adminT('media.picked')}
												</span>
											) : null}
										</li>
									)
								})}
							</ul>
						)}
					</>
				) : null}
			</dialog>
		</>
	)
}

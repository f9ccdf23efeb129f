import { useRef, useState } from 'react'
import { useFetcher, useNavigation, useRevalidator } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { deleteMedia, listMedia, MediaInUseError } from '#server/media/library.ts'
import { rejectAdminSubmission, toastResult } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { buttonSmall, ConfirmDialog, Spinner } from '#app/components/admin/ui.tsx'
import { uploadFile } from '#app/components/admin/upload.ts'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { notify } from '#app/components/toasts.tsx'
import { adminT } from '#domain/i18n/admin.ts'
import { describeImageUses } from '#domain/admin/image-uses.ts'
import { MEDIA_FOLDERS, type MediaFolder } from '#domain/enums.ts'
import { ADMIN_IMAGE_ACCEPT, checkImageFile, sizeInKb } from '#domain/media.ts'
import { mediaActionSchema } from '#domain/forms/admin-row-action.ts'
import { formError, parseSubmission } from '#domain/forms/submission.ts'
import type { Route } from './+types/media'

function folderFrom(value: string | null): MediaFolder {
	return MEDIA_FOLDERS.includes(value as MediaFolder) ? (value as MediaFolder) : 'products'
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const folder = folderFrom(new URL(request.url).searchParams.get('folder'))
	const files = await listMedia(getApp(context).db, folder)
	return { folder, files: files.map(({ createdAt: _createdAt, ...file }) => file) }
}

export function meta() {
	return [{ title: `${adminT('media.title')} | ${adminT('nav.title')}` }]
}

/** intent=delete (id): removes the stored object, then the row; a refusal is in the one shape (ADR 0101). */
export async function action(args: Route.ActionArgs) {
	const app = getApp(args.context)
	const submission = parseSubmission(mediaActionSchema, await readFormData(args.request))
	const refuse = (status: number, message = adminT('messages.mediaDelete')) =>
		rejectAdminSubmission(formError(message), submission.ok ? submission.value : submission.values, status, adminT('common.error'))
	if (!submission.ok) return refuse(404)
	const { id } = submission.value
	try {
		const deleted = await deleteMedia(app, id)
		if (!deleted) return refuse(404)
	} catch (error) {
		// Still shown somewhere: refused, naming where (ADR 0132).
		if (error instanceof MediaInUseError) return refuse(409, adminT('media.inUse', { places: describeImageUses(error.uses) }))
		app.log.error({ err: error, mediaId: id }, 'media delete failed')
		return refuse(500)
	}
	return toastResult({ type: 'success', title: adminT('messages.mediaDeleted') })
}

type MediaFile = Route.ComponentProps['loaderData']['files'][number]

function MediaTile({ file }: { file: MediaFile }) {
	const fetcher = useFetcher<typeof action>()
	useToastResult(fetcher.data)
	const [confirming, setConfirming] = useState(false)
	const places = describeImageUses(file.uses)

	async function copyLink() {
		const url = new URL(file.url, window.location.origin).href
		try {
			await navigator.clipboard.writeText(url)
			notify({ type: 'success', title: adminT('media.linkCopied') })
		} catch {
			notify({ type: 'error', title: adminT('common.error'), description: adminT('media.copyFailed', { url }) })
		}
	}

	return (
		<li className="group relative overflow-hidden rounded-xl bg-white shadow-sm">
			<img src={file.url} alt={file.filename} width={400} height={400} loading="lazy" className="aspect-square w-full object-cover" />
			<div className="px-3 py-2 text-xs">
				<p className="truncate font-medium" title={file.filename}>
					{file.filename}
				</p>
				<p className="text-muted">{adminT('media.sizeKb', { kb: sizeInKb(file.size) })}</p>
				<p className="mt-1 text-muted" data-testid="media-uses">
					{places ? adminT('media.usedIn', { places }) : adminT('media.unused')}
				</p>
				<button
					type="button"
					className={`${buttonSmall} mt-2`}
					onClick={() => void copyLink()}
					aria-label={adminT('media.copyLinkLabel', { name: file.filename })}
				>
					{adminT('media.copyLink')}
				</button>
			</div>
			<button
				type="button"
				disabled={fetcher.state !== 'idle'}
				onClick={() => setConfirming(true)}
				aria-label={adminT('media.deleteLabel', { name: file.filename })}
				className="absolute right-2 top-2 rounded-full bg-red-800 px-3 py-1 text-xs font-medium text-white opacity-0 shadow transition group-hover:opacity-100 focus-visible:opacity-100 disabled:opacity-60 [@media(hover:none)]:opacity-100"
			>
				{adminT('common.delete')}
			</button>
			<ConfirmDialog
				open={confirming}
				description={places ? adminT('media.inUse', { places }) : adminT('media.deleteConfirm')}
				onClose={() => setConfirming(false)}
				onConfirm={() => fetcher.submit({ intent: 'delete', id: file.id }, { method: 'post' })}
			/>
		</li>
	)
}

type InFlight = { key: string; name: string; percent: number }

export default function AdminMedia({ loaderData }: Route.ComponentProps) {
	const { folder, files } = loaderData
	const navigation = useNavigation()
	const revalidator = useRevalidator()
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/media'
	const [dragging, setDragging] = useState(false)
	const [inFlight, setInFlight] = useState<InFlight[]>([])
	const input = useRef<HTMLInputElement>(null)
	const busy = inFlight.length > 0

	async function upload(chosen: File[]) {
		if (input.current) input.current.value = ''
		const accepted: { file: File; key: string }[] = []
		for (const [index, file] of chosen.entries()) {
			const rejection = checkImageFile(file)
			if (rejection === 'invalid')
				notify({ type: 'error', title: adminT('messages.invalidFile'), description: adminT('messages.invalidFileText', { name: file.name }) })
			else if (rejection === 'too-large')
				notify({ type: 'error', title: adminT('messages.fileTooLarge'), description: adminT('messages.fileTooLargeText', { name: file.name }) })
			else accepted.push({ file, key: `${Date.now()}-${index}-${file.name}` })
		}
		if (accepted.length === 0) return
		setInFlight(accepted.map(({ file, key }) => ({ key, name: file.name, percent: 0 })))
		const answers = await Promise.all(
			accepted.map(async ({ file, key }) => {
				const answer = await uploadFile<{ id: string }>(
					'/admin/api/media',
					file,
					{ folder },
					(percent) => setInFlight((current) => current.map((item) => (item.key === key ? { ...item, percent } : item))),
					adminT('messages.mediaLoad'),
				)
				if (!answer.ok) notify({ type: 'error', title: answer.title, description: answer.message })
				return answer.ok
			}),
		)
		setInFlight([])
		if (answers.some(Boolean)) {
			notify({ type: 'success', title: adminT('messages.mediaUploaded') })
			await revalidator.revalidate()
		}
	}

	return (
		<section aria-labelledby="media-title">
			<h1 id="media-title" className="font-serif text-3xl">
				{adminT('media.title')}
			</h1>
			<nav aria-label={adminT('media.foldersLabel')} className="mt-4">
				<ul className="inline-flex rounded-full bg-sand p-1 text-sm">
					{MEDIA_FOLDERS.map((name) => (
						<li key={name}>
							<Link
								to={`?folder=${name}`}
								aria-current={name === folder ? 'page' : undefined}
								className={`block rounded-full px-4 py-1.5 ${name === folder ? 'bg-white font-semibold text-clay-dark shadow-sm' : 'text-ink hover:text-clay-dark'}`}
							>
								{adminT(`media.folders.${name}`)}
							</Link>
						</li>
					))}
				</ul>
			</nav>

			<div
				data-testid="media-dropzone"
				onDragOver={(event) => {
					event.preventDefault()
					if (!busy) setDragging(true)
				}}
				onDragLeave={() => setDragging(false)}
				onDrop={(event) => {
					event.preventDefault()
					setDragging(false)
					if (!busy) void upload([...event.dataTransfer.files])
				}}
				className={`mt-6 rounded-2xl border-2 border-dashed p-8 text-center transition [&:has(#media-files:focus-visible)_label]:outline-2 [&:has(#media-files:focus-visible)_label]:outline-offset-2 [&:has(#media-files:focus-visible)_label]:outline-clay-dark ${dragging ? 'border-clay-dark bg-sand/60' : 'border-muted/50 bg-white'}`}
			>
				{dragging ? (
					<p className="font-medium text-clay-dark">{adminT('media.release')}</p>
				) : (
					<p className="flex flex-wrap items-center justify-center gap-2">
						<span>{adminT('media.dropHere')}</span>
						<label htmlFor="media-files" className="cursor-pointer rounded-full bg-clay-dark px-4 py-1.5 text-sm font-medium text-white hover:bg-ink">
							{adminT('media.choose')}
						</label>
					</p>
				)}
				<input
					ref={input}
					id="media-files"
					type="file"
					multiple
					accept={ADMIN_IMAGE_ACCEPT}
					className="sr-only"
					disabled={busy}
					onChange={(event) => void upload([...(event.target.files ?? [])])}
				/>
				<p className="mt-3 text-xs text-muted">{adminT('media.hint')}</p>
				{inFlight.length > 0 ? (
					<ul className="mx-auto mt-4 max-w-md space-y-2 text-left">
						{inFlight.map((item) => (
							<li key={item.key} className="flex items-center gap-3 text-sm">
								<span className="min-w-0 flex-1 truncate">{item.name}</span>
								<progress max={100} value={item.percent} aria-label={adminT('media.uploading', { name: item.name })} className="h-2 w-32 accent-clay-dark" />
							</li>
						))}
					</ul>
				) : null}
			</div>

			{loading ? (
				<Spinner />
			) : files.length === 0 ? (
				<p className="mt-10 text-center text-muted">{adminT('media.empty')}</p>
			) : (
				<ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" aria-label={adminT(`media.folders.${folder}`)}>
					{files.map((file) => (
						<MediaTile key={file.id} file={file} />
					))}
				</ul>
			)}
		</section>
	)
}

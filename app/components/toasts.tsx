import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import type { Toast } from '#domain/toast.ts'

/**
 * The one way pages show toasts: callers use notify() and never the toaster directly.
 *
 * A small toaster of our own rather than a library: every storefront page carries it, and a
 * toast library cost ~9 KB of the 160 KB JavaScript budget (ADR 0014). It is a polite live region
 * (screen readers read new toasts) holding the latest few; each closes by itself or by its button.
 */
type ShownToast = Required<Pick<Toast, 'type' | 'title'>> & { id: number; description?: string }

const MAX_SHOWN = 4
const SHOWN_MS = { success: 5000, info: 5000, error: 8000 } as const

let toasts: ShownToast[] = []
let nextId = 1
const listeners = new Set<() => void>()

function publish(next: ShownToast[]) {
	toasts = next
	for (const listener of listeners) listener()
}

function dismiss(id: number) {
	publish(toasts.filter((toast) => toast.id !== id))
}

/** Shows a toast; the function returned takes it away early (e.g. a 'redirecting' note the server refused). */
export function notify({ type = 'info', title, description }: Toast): () => void {
	const id = nextId++
	publish([...toasts, { id, type, title, description }].slice(-MAX_SHOWN))
	setTimeout(() => dismiss(id), SHOWN_MS[type])
	return () => dismiss(id)
}

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => listeners.delete(listener)
}

const NO_TOASTS: ShownToast[] = []

const TONE = {
	success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
	error: 'border-red-300 bg-red-50 text-red-900',
	info: 'border-sand bg-white text-ink',
} as const

export function ToastRegion() {
	const { t } = useTranslation()
	// The server renders the region empty; toasts only ever appear in the browser.
	const shown = useSyncExternalStore(
		subscribe,
		() => toasts,
		() => NO_TOASTS,
	)
	return (
		<section aria-label={t('toasts.label')} aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex justify-center px-3">
			<ol className="flex w-full max-w-sm flex-col gap-2">
				{shown.map((toast) => (
					<li
						key={toast.id}
						data-toast={toast.type}
						className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${TONE[toast.type]}`}
					>
						<div className="min-w-0 flex-1">
							<p className="font-semibold">{toast.title}</p>
							{toast.description ? <p className="mt-0.5">{toast.description}</p> : null}
						</div>
						<button
							type="button"
							onClick={() => dismiss(toast.id)}
							aria-label={t('toasts.close')}
							className="-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100"
						>
							<span aria-hidden="true">×</span>
						</button>
					</li>
				))}
			</ol>
		</section>
	)
}

import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import type { Toast } from '#domain/toast.ts'

/**
 * The one way pages show toasts: callers use notify() and never the toaster directly.
 *
 * A small toaster of our own rather than a library: every storefront page carries it, and a
 * toast library cost ~9 KB of the 160 KB JavaScript budget (ADR 0014). Every toast is kept until
 * it closes (a batch of refused uploads shows each refusal, ADR 0126); each closes by itself, by
 * its button, and waits while the pointer or the focus is on it. Errors are announced at once
 * (an assertive live region), the rest politely.
 */
type ShownToast = Required<Pick<Toast, 'type' | 'title'>> & { id: number; description?: string; replaces?: ToastGroup }

/**
 * Toasts that answer a form: the answer to a new submission takes the place of the last one's, so a
 * refusal already corrected never stays beside the next refusal or the success.
 */
export const SUBMISSION_RESULT = 'submission-result'
type ToastGroup = typeof SUBMISSION_RESULT

export const SHOWN_MS = { success: 5000, info: 5000, error: 8000 } as const

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

/**
 * Shows a toast; the function returned takes it away early (e.g. a 'redirecting' note the server refused).
 * With `replaces`, the toasts of that group still shown go away first.
 */
export function notify({ type = 'info', title, description }: Toast, options: { replaces?: ToastGroup } = {}): () => void {
	const id = nextId++
	const kept = options.replaces ? toasts.filter((toast) => toast.replaces !== options.replaces) : toasts
	publish([...kept, { id, type, title, description, replaces: options.replaces }])
	return () => dismiss(id)
}

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => listeners.delete(listener)
}

const NO_TOASTS: ShownToast[] = []

const TONE = {
	success: 'border-success-line bg-success-soft text-success',
	error: 'border-danger-line bg-danger-soft text-danger',
	info: 'border-sand bg-white text-ink',
} as const

/** One toast: it closes itself after its time, counting only while neither the pointer nor the focus is on it. */
function ToastItem({ toast, closeLabel }: { toast: ShownToast; closeLabel: string }) {
	const remaining = useRef<number>(SHOWN_MS[toast.type])
	const timer = useRef<{ handle: ReturnType<typeof setTimeout>; startedAt: number } | null>(null)
	const held = useRef({ hover: false, focus: false })
	const start = () => {
		if (timer.current || held.current.hover || held.current.focus) return
		timer.current = { handle: setTimeout(() => dismiss(toast.id), remaining.current), startedAt: Date.now() }
	}
	const pause = () => {
		if (!timer.current) return
		clearTimeout(timer.current.handle)
		remaining.current = Math.max(1000, remaining.current - (Date.now() - timer.current.startedAt))
		timer.current = null
	}
	const hold = (kind: 'hover' | 'focus', on: boolean) => {
		held.current[kind] = on
		if (on) pause()
		else start()
	}
	useEffect(() => {
		start()
		return () => {
			if (timer.current) clearTimeout(timer.current.handle)
			timer.current = null
		}
		// Once per toast.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])
	return (
		<li
			data-toast={toast.type}
			className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${TONE[toast.type]}`}
			onMouseEnter={() => hold('hover', true)}
			onMouseLeave={() => hold('hover', false)}
			onFocus={() => hold('focus', true)}
			onBlur={(event) => {
				if (!event.currentTarget.contains(event.relatedTarget)) hold('focus', false)
			}}
		>
			<div className="min-w-0 flex-1">
				<p className="font-semibold">{toast.title}</p>
				{toast.description ? <p className="mt-0.5 break-words">{toast.description}</p> : null}
			</div>
			<button type="button" onClick={() => dismiss(toast.id)} aria-label={closeLabel} className="-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100">
				<span aria-hidden="true">×</span>
			</button>
		</li>
	)
}

export function ToastRegion() {
	const { t } = useTranslation()
	// The server renders the region empty; toasts only ever appear in the browser.
	const shown = useSyncExternalStore(
		subscribe,
		() => toasts,
		() => NO_TOASTS,
	)
	const list = (items: ShownToast[]) => items.map((toast) => <ToastItem key={toast.id} toast={toast} closeLabel={t('toasts.close')} />)
	return (
		<section
			aria-label={t('toasts.label')}
			className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex max-h-[calc(100vh-1.5rem)] justify-center overflow-y-auto px-3"
		>
			<div className="flex w-full max-w-sm flex-col gap-2">
				<ol aria-live="assertive" className="flex flex-col gap-2">
					{list(shown.filter((toast) => toast.type === 'error'))}
				</ol>
				<ol aria-live="polite" className="flex flex-col gap-2">
					{list(shown.filter((toast) => toast.type !== 'error'))}
				</ol>
			</div>
		</section>
	)
}

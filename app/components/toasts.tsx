import { lazy, Suspense, useEffect, useState } from 'react'
import type { Toast } from '#app/lib/toast.ts'

/**
 * The one way pages show toasts. Callers use notify() and never the toast library directly,
 * so it can be swapped without touching them.
 *
 * The library (sonner) is loaded after the page has hydrated, not with it, to keep it out of the
 * JavaScript every page needs before it becomes interactive; notify() waits until it is ready.
 */
const loadSonner = () => import('sonner')
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })))

let markReady: () => void = () => {}
const ready = new Promise<void>((resolve) => (markReady = resolve))

export function notify({ type = 'info', title, description }: Toast) {
	void ready.then(loadSonner).then(({ toast }) => {
		const show = type === 'error' ? toast.error : type === 'success' ? toast.success : toast
		show(title, { description })
	})
}

/** Runs its effect once the Toaster above it has mounted (and subscribed to new toasts). */
function ReadySignal() {
	useEffect(() => markReady(), [])
	return null
}

export function ToastRegion() {
	const [mounted, setMounted] = useState(false)
	// Only after hydration: the server renders nothing here, so the first client render must match.
	// eslint-disable-next-line react-hooks/set-state-in-effect
	useEffect(() => setMounted(true), [])
	if (!mounted) return null
	return (
		<Suspense fallback={null}>
			<Toaster position="top-center" richColors closeButton />
			<ReadySignal />
		</Suspense>
	)
}

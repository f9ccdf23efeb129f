import { toast, Toaster } from 'sonner'
import type { Toast } from '#app/lib/toast.ts'

/**
 * The one way pages show toasts. Callers use notify() and never the toast library directly,
 * so it can be swapped without touching them.
 */
export function notify({ type = 'info', title, description }: Toast) {
	const show = type === 'error' ? toast.error : type === 'success' ? toast.success : toast
	show(title, { description })
}

export function ToastRegion() {
	return <Toaster position="top-center" richColors closeButton />
}

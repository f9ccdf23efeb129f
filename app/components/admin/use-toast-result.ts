import { useEffect } from 'react'
import type { Toast } from '#domain/toast.ts'
import { notify } from '../toasts.tsx'

/** Shows the toast an admin action answered with, once per answer. */
export function useToastResult(result: { toast?: Toast } | undefined) {
	useEffect(() => {
		if (result?.toast) notify(result.toast)
	}, [result])
}

import { useEffect } from 'react'
import { isRejected, useSubmissionToast } from '#app/lib/forms/submission.ts'
import { adminT } from '#domain/i18n/admin.ts'
import type { AdminRejection } from '#domain/forms/submission.ts'
import type { Toast } from '#domain/toast.ts'
import { notify } from '../toasts.tsx'

/**
 * Shows what an admin action answered, once per answer: a refusal (ADR 0101) as its first error
 * under its title, a success as its toast.
 */
export function useToastResult(result: { toast?: Toast } | AdminRejection | undefined) {
	const rejected = isRejected(result) ? (result as AdminRejection) : undefined
	useSubmissionToast(result, rejected?.title ?? adminT('common.validationError'))
	useEffect(() => {
		if (result && 'toast' in result && result.toast) notify(result.toast)
	}, [result])
}

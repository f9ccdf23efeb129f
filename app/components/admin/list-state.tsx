import type { ReactNode } from 'react'
import { Spinner } from './ui.tsx'

/**
 * What an admin list shows instead of its rows (ADR 0103): a spinner while the next page loads, the
 * load failure (announced), or the empty message; else the rows.
 */
export function ListState({
	loading,
	loadError,
	empty,
	children,
}: {
	loading: boolean
	/** The failure's message, when the list could not be read. */
	loadError: string | null
	/** The empty message, when there is nothing to list. */
	empty: string | null
	children: ReactNode
}) {
	if (loading) return <Spinner />
	if (loadError) {
		return (
			<p role="alert" className="mt-10 rounded-2xl border border-dashed border-red-800/50 p-10 text-center text-red-900">
				{loadError}
			</p>
		)
	}
	if (empty) {
		return (
			<div className="mt-10 rounded-2xl border border-dashed border-muted/50 p-10 text-center">
				<p className="text-muted">{empty}</p>
			</div>
		)
	}
	return <>{children}</>
}

import { useEffect, useRef, type ReactNode } from 'react'
import { useBlocker, type Location } from 'react-router'
import { adminT } from '#domain/i18n/admin.ts'
import { ConfirmDialog } from './ui.tsx'

/** A link inside the app leaves the page when it goes to another path. */
const toAnotherPath = (current: Location, next: Location) => current.pathname !== next.pathname

/**
 * Leaving with unsaved changes asks first (ADR 0126): React Router's blocker for links inside the app,
 * `beforeunload` for closing or reloading the tab. `dirty` is false while the change is being saved,
 * so the save's own answer and redirect are never blocked. Returns the question to render.
 */
export function useLeaveGuard(dirty: boolean, leaves: (current: Location, next: Location) => boolean = toAnotherPath): ReactNode {
	const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && leaves(currentLocation, nextLocation))
	useEffect(() => {
		if (!dirty) return
		const warn = (event: BeforeUnloadEvent) => event.preventDefault()
		window.addEventListener('beforeunload', warn)
		return () => window.removeEventListener('beforeunload', warn)
	}, [dirty])
	const leaving = useRef(false)
	return (
		<ConfirmDialog
			open={blocker.state === 'blocked'}
			title={adminT('common.unsavedTitle')}
			description={adminT('common.unsavedText')}
			confirmLabel={adminT('common.leave')}
			onConfirm={() => {
				leaving.current = true
				blocker.proceed?.()
			}}
			onClose={() => {
				if (!leaving.current) blocker.reset?.()
				leaving.current = false
			}}
		/>
	)
}

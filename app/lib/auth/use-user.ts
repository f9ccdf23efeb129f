import { useRouteLoaderData } from 'react-router'

/** What the browser knows about the signed-in person (from the root loader); null when signed out. */
export type SessionUser = { email: string; name: string; isAdmin: boolean; isEditor: boolean }

export function useOptionalUser(): SessionUser | null {
	const root = useRouteLoaderData('root') as { user?: SessionUser | null } | undefined
	return root?.user ?? null
}

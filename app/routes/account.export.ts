import { exportAccountData } from '#server/account/account-data.ts'
import { guardedUser, userOnly } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import type { Route } from './+types/account.export'

/** GDPR art. 15/20: everything about the signed-in account, as a JSON download. */
/** Signed-in people only; the guard is this middleware, for the loader and the action. */
export const middleware: Route.MiddlewareFunction[] = [userOnly]

export async function loader({ context }: Route.LoaderArgs) {
	const user = guardedUser(context)
	const exported = await exportAccountData(getApp(context).db, user.id)
	if (!exported) throw new Response('Not found', { status: 404 })
	return new Response(JSON.stringify(exported, null, 2), {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
			'Cache-Control': 'no-store',
		},
	})
}

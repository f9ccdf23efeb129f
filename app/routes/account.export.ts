import { exportAccountData } from '#server/account/account-data.ts'
import { requireUser } from '#server/auth/session.ts'
import { getApp } from '#server/context.ts'
import type { Route } from './+types/account.export'

/** GDPR art. 15/20: everything about the signed-in account, as a JSON download. */
export async function loader({ context, url }: Route.LoaderArgs) {
	const user = requireUser({ context, url })
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

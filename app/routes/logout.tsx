import { redirect } from 'react-router'
import { signOut } from '#server/auth/accounts.ts'
import { getApp } from '#server/context.ts'
import { serverI18n } from '#server/i18n.ts'
import { redirectWithToast } from '#server/toast.ts'
import { localizedPath } from '#domain/i18n/paths.ts'
import type { Route } from './+types/logout'

/** Signing out changes state, so it is a POST; a GET just goes home (in the visitor's language, ADR 0106). */
export function loader({ context }: Route.LoaderArgs) {
	return redirect(localizedPath(getApp(context).locale, '/'))
}

/** Sign-out ends the session on the server and goes to / with 'Deconectat' / 'La revedere!'. */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const cookies = await signOut(app, request)
	const t = serverI18n(app.locale).t
	return redirectWithToast(
		app,
		'/',
		{ type: 'success', title: t('auth.signOutTitle'), description: t('auth.signOutText') },
		{ headers: cookies.map((cookie): [string, string] => ['Set-Cookie', cookie]) },
	)
}

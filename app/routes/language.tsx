import { redirect } from 'react-router'
import * as z from 'zod/mini'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { LOCALES } from '#domain/enums.ts'
import { sameOriginPath } from '#domain/http/same-origin-path.ts'
import { LOCALE_COOKIE } from '#domain/i18n/negotiate.ts'
import { localizedPath } from '#domain/i18n/paths.ts'
import type { Route } from './+types/language'

const languageSchema = z.object({ lang: z.enum(LOCALES) })

/** The language switcher without JavaScript: stores the choice in the cookie and goes to the same page in that language (ADR 0106). */
export async function action({ request, context }: Route.ActionArgs) {
	const form = Object.fromEntries(await readFormData(request))
	const parsed = languageSchema.safeParse(form)
	if (!parsed.success) return redirect(localizedPath(getApp(context).locale, '/'))
	const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : ''
	// Only a path on this site, never another origin (the shared check every redirect target passes).
	return redirect(localizedPath(parsed.data.lang, sameOriginPath(form.redirectTo)), {
		headers: { 'Set-Cookie': `${LOCALE_COOKIE}=${parsed.data.lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}` },
	})
}

export function loader({ context }: Route.LoaderArgs) {
	return redirect(localizedPath(getApp(context).locale, '/'))
}

import { redirect } from 'react-router'
import * as z from 'zod/mini'
import { readFormData } from '#server/http/request-body.ts'
import { LOCALES } from '#domain/enums.ts'
import { sameOriginPath } from '#domain/http/same-origin-path.ts'
import { LOCALE_COOKIE } from '#domain/i18n/negotiate.ts'
import type { Route } from './+types/language'

const languageSchema = z.object({ lang: z.enum(LOCALES) })

/** The language switcher without JavaScript: stores the choice in the cookie and goes back. */
export async function action({ request }: Route.ActionArgs) {
	const form = Object.fromEntries(await readFormData(request))
	const parsed = languageSchema.safeParse(form)
	if (!parsed.success) return redirect('/')
	const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : ''
	// Only a path on this site, never another origin (the shared check every redirect target passes).
	return redirect(sameOriginPath(form.redirectTo), {
		headers: { 'Set-Cookie': `${LOCALE_COOKIE}=${parsed.data.lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}` },
	})
}

export function loader() {
	return redirect('/')
}

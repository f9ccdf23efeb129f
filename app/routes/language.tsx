import { redirect } from 'react-router'
import * as z from 'zod/mini'
import { readFormData } from '#server/http/request-body.ts'
import { LOCALES } from '#app/lib/domain/enums.ts'
import { LOCALE_COOKIE } from '#app/lib/i18n/negotiate.ts'
import type { Route } from './+types/language'

const languageSchema = z.object({
	lang: z.enum(LOCALES),
	/** Only a path on this site, never another origin. */
	redirectTo: z.catch(z.string().check(z.regex(/^\/(?![/\\])/), z.maxLength(2000)), '/'),
})

/** The language switcher without JavaScript: stores the choice in the cookie and goes back. */
export async function action({ request }: Route.ActionArgs) {
	const parsed = languageSchema.safeParse(Object.fromEntries(await readFormData(request)))
	if (!parsed.success) return redirect('/')
	const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : ''
	return redirect(parsed.data.redirectTo, {
		headers: { 'Set-Cookie': `${LOCALE_COOKIE}=${parsed.data.lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}` },
	})
}

export function loader() {
	return redirect('/')
}

import * as z from 'zod/mini'
import type { RequestContext } from '../context.ts'
import { serverI18n } from '../i18n.ts'
import { pageMeta } from '../seo.ts'
import { readFormData } from './request-body.ts'

/**
 * The pages an emailed link opens to confirm something (an address, a subscription, an
 * unsubscription): the link's token is in the address; the page's button posts it back, so a mail
 * client's link scanner opening the link changes nothing. A token too long or missing reads as ''.
 */
export function linkToken(value: unknown, maxLength: number): string {
	return z.parse(z.catch(z.string().check(z.trim(), z.maxLength(maxLength)), ''), value ?? '')
}

/** The token in the link's address. */
export function linkTokenOf(url: URL | string, maxLength: number): string {
	return linkToken(new URL(url).searchParams.get('token'), maxLength)
}

/** The token the page's button posted. */
export async function postedLinkToken(request: Request, maxLength: number): Promise<string> {
	return linkToken((await readFormData(request)).get('token'), maxLength)
}

/** What such a page loads: the link's token, and its title and text as the page's meta (never indexed: see meta). */
export function emailedLinkPage(
	app: Pick<RequestContext, 'env' | 'locale'>,
	request: Request,
	page: { titleKey: string; textKey: string; path: string; maxLength: number },
) {
	const t = serverI18n(app.locale).t
	return { token: linkTokenOf(request.url, page.maxLength), meta: pageMeta(app, { title: t(page.titleKey), description: t(page.textKey), path: page.path }) }
}

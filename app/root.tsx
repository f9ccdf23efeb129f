import { useEffect } from 'react'
import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { data, isRouteErrorResponse, Links, Meta, Outlet, ScrollRestoration, useNavigation, useRouteLoaderData } from 'react-router'
import { getCurrentUser, sessionMiddleware } from '#server/auth/session.ts'
import { getApp } from '#server/context.ts'
import { databaseUnavailableMiddleware } from '#server/http/database-unavailable.ts'
import { takeToast } from '#server/toast.ts'
import type { Route } from './+types/root'
import { CartProvider } from './components/cart/cart-context.tsx'
import { DeferredScripts } from './components/deferred-scripts.tsx'
import { LinkNavigation } from './components/link.tsx'
import { SiteFooter } from './components/layout/site-footer.tsx'
import { SiteHeader } from './components/layout/site-header.tsx'
import { useNonce } from './components/nonce.tsx'
import { notify, SUBMISSION_RESULT, ToastRegion } from './components/toasts.tsx'
import { DEFAULT_LOCALE } from '#domain/enums.ts'
import { syncLanguageChoice } from './lib/i18n/choice.ts'
import { useLocalizedPath } from './lib/i18n/paths.ts'
import translationChunks from 'virtual:translation-chunks'
import stylesHref from './app.css?url'
import { InlineStylesheet } from './components/inline-stylesheet.tsx'

/**
 * First, requests that fail because the database is out of reach become 503s; then the session
 * is looked up once per request (guards and loaders read it with getCurrentUser).
 */
export const middleware: Route.MiddlewareFunction[] = [databaseUnavailableMiddleware, sessionMiddleware]

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = getApp(context)
	const { toast, headers } = await takeToast(app, request)
	const current = getCurrentUser(context)
	// The UI gets the user and the role flags; the server decided them.
	const user = current ? { email: current.email, name: current.name, isAdmin: current.isAdmin, isEditor: current.isEditor } : null
	return data({ locale: app.locale, toast, user }, { headers: headers ?? undefined })
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const root = useRouteLoaderData<typeof loader>('root')
	const locale = root?.locale ?? DEFAULT_LOCALE
	return (
		<html lang={locale}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#fbf6ee" />
				<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
				<link rel="apple-touch-icon" href="/apple-touch-icon.png" />
				<InlineStylesheet href={stylesHref} />
				<Meta />
				<Links />
			</head>
			<body className="flex min-h-dvh flex-col font-sans antialiased">
				<LinkNavigation>{children}</LinkNavigation>
				<ScrollRestoration nonce={nonce} />
				<DeferredScripts nonce={nonce} modules={[translationChunks[locale]]} />
			</body>
		</html>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	const { toast } = loaderData
	useEffect(() => {
		// A toast carried over a redirect answers the form that was sent (sign-in, reset, …).
		if (toast) notify(toast, { replaces: SUBMISSION_RESULT })
	}, [toast])
	useEffect(() => {
		// Reads localStorage and the cookie: after hydration's effects, in a task of its own (like the cart's first read).
		const syncing = setTimeout(() => syncLanguageChoice(document.documentElement.lang), 0)
		// Lets browser tests wait until React has taken over the server-rendered page.
		document.documentElement.dataset.hydrated = 'true'
		return () => clearTimeout(syncing)
	}, [])
	return (
		<SiteShell>
			<main id="main" className="flex-1">
				<Outlet />
			</main>
		</SiteShell>
	)
}

/** The header, footer, cart and toasts around every storefront page, error pages included. */
function SiteShell({ children }: { children: React.ReactNode }) {
	return (
		<CartProvider>
			<NavigationProgress />
			<SiteHeader />
			{children}
			<SiteFooter />
			<ToastRegion />
		</CartProvider>
	)
}

/** A thin bar while the next page loads (pages announce their own loading states). */
function NavigationProgress() {
	const loading = useNavigation().state === 'loading'
	return loading ? <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1 w-2/3 animate-pulse bg-clay-dark" /> : null
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	// The site's header and footer frame the message (a 404, a loader's error, an outage), so the
	// visitor can switch language, open the cart or go on shopping; none of them needs the database.
	useEffect(() => {
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	const status = isRouteErrorResponse(error) ? error.status : 500
	const title = status === 404 ? t('notFound.title') : status === 503 ? t('error.unavailableTitle') : t('error.title')
	const message = (
		<main id="main" className="mx-auto max-w-2xl flex-1 px-4 py-24 text-center">
			<title>{`${title} | ${t('meta.siteName')}`}</title>
			<meta name="robots" content="noindex" />
			<p className="text-sm font-semibold text-clay-dark">{status}</p>
			<h1 className="mt-2 font-serif text-3xl">{title}</h1>
			<p className="mt-4 text-muted">{status === 404 ? t('notFound.text') : t('error.text')}</p>
			<a href={lp('/')} className="mt-8 btn-primary">
				{t('notFound.home')}
			</a>
		</main>
	)
	return <SiteShell>{message}</SiteShell>
}

import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { Link } from '#app/components/link.tsx'
import { SHOP } from '#domain/shop.ts'
import { useLocalizedPath } from '#app/lib/i18n/paths.ts'

export function SiteFooter() {
	const { t } = useTranslation()
	const lp = useLocalizedPath()
	const quick = [
		{ to: lp('/catalog'), label: t('nav.shop') },
		{ to: lp('/about'), label: t('nav.about') },
		{ to: lp('/contact'), label: t('nav.contact') },
		{ to: lp('/faq'), label: t('footer.faq') },
		{ to: lp('/newsletter'), label: t('nav.newsletter') },
	]
	const legal = [
		{ to: lp('/terms'), label: t('footer.terms') },
		{ to: lp('/privacy'), label: t('footer.privacy') },
		{ to: lp('/returns'), label: t('footer.returns') },
	]
	const social = [
		{ href: SHOP.instagramUrl, label: 'Instagram' },
		{ href: SHOP.facebookUrl, label: 'Facebook' },
		{ href: SHOP.videoChannelUrl, label: 'YouTube' },
	]
	const heading = 'text-sm font-semibold uppercase tracking-wide text-ink'
	const linkClass = 'inline-block py-1.5 hover:text-clay-dark hover:underline'
	return (
		<footer className="mt-16 border-t border-sand bg-sand/50 text-sm text-muted">
			<div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
				<div>
					<p className="font-serif text-lg font-semibold text-clay-dark">{SHOP.name}</p>
					<p className="mt-2">{t('footer.tagline')}</p>
				</div>
				<nav aria-labelledby="footer-quick">
					<h2 id="footer-quick" className={heading}>
						{t('footer.quickLinks')}
					</h2>
					<ul className="mt-2">
						{quick.map((link) => (
							<li key={link.to}>
								<Link to={link.to} className={linkClass}>
									{link.label}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				<nav aria-labelledby="footer-legal">
					<h2 id="footer-legal" className={heading}>
						{t('footer.legal')}
					</h2>
					<ul className="mt-2">
						{legal.map((link) => (
							<li key={link.to}>
								<Link to={link.to} className={linkClass}>
									{link.label}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				<div>
					<h2 className={heading}>{t('footer.social')}</h2>
					<ul className="mt-2">
						{social.map((link) => (
							<li key={link.href}>
								<a href={link.href} rel="noopener noreferrer" className={linkClass}>
									{link.label}
								</a>
							</li>
						))}
					</ul>
				</div>
			</div>
			<div className="border-t border-sand">
				<div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4 sm:flex-row sm:justify-between">
					<p>{t('footer.copyright', { year: new Date().getFullYear(), name: SHOP.name })}</p>
					<p>{t('footer.credit', { founder: SHOP.founder, platform: SHOP.developerPlatform })}</p>
				</div>
			</div>
		</footer>
	)
}

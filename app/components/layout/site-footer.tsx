import { useTranslation } from 'react-i18next'
import { SHOP } from '#app/lib/shop.ts'

export function SiteFooter() {
	const { t } = useTranslation()
	return (
		<footer className="mt-16 border-t border-sand bg-sand/50">
			<div className="mx-auto max-w-6xl px-4 py-8 text-sm text-muted">
				<p>{t('footer.copyright', { year: new Date().getFullYear(), name: SHOP.name })}</p>
			</div>
		</footer>
	)
}

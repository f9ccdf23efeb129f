import { useTranslation } from '#app/lib/i18n/translation.tsx'

/** Terms, privacy and returns: a title, the last-updated line and numbered sections s1…sN. */
export function LegalPage({ section, count }: { section: 'terms' | 'privacy' | 'returns'; count: number }) {
	const { t } = useTranslation()
	return (
		<article className="mx-auto max-w-3xl px-4 py-12">
			<h1 className="font-serif text-3xl sm:text-4xl">{t(`${section}.title`)}</h1>
			<p className="mt-2 text-sm text-muted">{t(`${section}.updated`)}</p>
			{Array.from({ length: count }, (_, index) => (
				<section key={index} className="mt-8">
					<h2 className="text-xl font-semibold">{t(`${section}.s${index + 1}Title`)}</h2>
					<p className="mt-2 leading-relaxed text-muted">{t(`${section}.s${index + 1}Text`)}</p>
				</section>
			))}
		</article>
	)
}

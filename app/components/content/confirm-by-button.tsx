import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/translation.tsx'

/**
 * The page an emailed link opens (server/http/emailed-link.ts): a title, what the click does and one
 * button that posts the link's token; once posted, the outcome in its place, and after a refusal
 * what to do next.
 */
export function ConfirmByButton({
	token,
	titleKey,
	textKey,
	buttonKey,
	outcome,
	afterRefusal,
}: {
	token: string
	titleKey: string
	textKey: string
	buttonKey: string
	outcome: { ok: boolean; message: string } | undefined
	afterRefusal?: ReactNode
}) {
	const { t } = useTranslation()
	const busy = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-xl px-4 py-16">
			<h1 className="font-serif text-3xl">{t(titleKey)}</h1>
			{outcome ? (
				<>
					<p role={outcome.ok ? 'status' : 'alert'} className={`mt-6 ${outcome.ok ? 'text-success' : 'text-danger'}`}>
						{t(outcome.message)}
					</p>
					{outcome.ok ? null : afterRefusal}
				</>
			) : (
				<>
					<p className="mt-3 text-muted">{t(textKey)}</p>
					<Form method="post" className="mt-6">
						<input type="hidden" name="token" value={token} />
						<button type="submit" disabled={busy} className="btn-primary">
							{t(buttonKey)}
						</button>
					</Form>
				</>
			)}
		</div>
	)
}

import { Form, useNavigation } from 'react-router'

/** What the sign-up's action answers: texts already in the page's language. */
export type StockAlertAnswer = { ok: true; message: string } | { errors: { formError: string | null }; values: Record<string, unknown> }

/**
 * An address to be told, once, when a sold-out product or variant is back (ADR 0269). A plain form
 * post to the page's own action, so it works before the page's JavaScript; a refusal keeps what was typed.
 */
export function StockAlertForm(props: { productId: string; texts: { intro: string; email: string; submit: string }; answer?: StockAlertAnswer }) {
	const { texts, answer } = props
	const busy = useNavigation().state === 'submitting'
	const refused = answer && 'errors' in answer ? answer : null
	const message = refused ? refused.errors.formError : answer && 'message' in answer ? answer.message : null
	return (
		<Form method="post" noValidate className="mt-6 space-y-4" data-testid="stock-alert">
			<p className="text-muted">{texts.intro}</p>
			<input type="hidden" name="productId" value={props.productId} />
			<div>
				<label htmlFor="stock-alert-email" className="block text-sm font-medium">
					{texts.email}
				</label>
				<input
					id="stock-alert-email"
					name="email"
					type="email"
					autoComplete="email"
					required
					maxLength={255}
					defaultValue={refused ? String(refused.values.email ?? '') : undefined}
					aria-invalid={refused ? true : undefined}
					aria-describedby={message ? 'stock-alert-message' : undefined}
					className="mt-1 w-full rounded-lg border border-muted/60 bg-white px-3 py-2 aria-invalid:border-danger"
				/>
			</div>
			<button type="submit" disabled={busy} className="btn-primary">
				{texts.submit}
			</button>
			{message ? (
				<p id="stock-alert-message" role={refused ? 'alert' : 'status'} className={refused ? 'text-danger' : 'text-success'}>
					{message}
				</p>
			) : null}
		</Form>
	)
}

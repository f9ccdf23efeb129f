import { useTranslation } from '#app/lib/i18n/translation.tsx'
import { CHECKOUT_LIMITS, type CheckoutField } from '#domain/forms/checkout-fields.ts'
import type { CheckoutFormState } from './use-kept-checkout-form.ts'

const FIELD_ORDER: { name: CheckoutField; autoComplete: string; type?: string; required: boolean; wide?: boolean }[] = [
	{ name: 'fullName', autoComplete: 'name', required: true, wide: true },
	{ name: 'email', autoComplete: 'email', type: 'email', required: true },
	{ name: 'phone', autoComplete: 'tel', type: 'tel', required: true },
	{ name: 'address', autoComplete: 'street-address', required: true, wide: true },
	{ name: 'city', autoComplete: 'address-level2', required: true },
	{ name: 'postalCode', autoComplete: 'postal-code', required: true },
	{ name: 'country', autoComplete: 'country', required: true, wide: true },
]

const field = 'mt-1 w-full rounded-lg border border-muted/40 bg-white px-3 py-2'

type FieldsProps = { form: CheckoutFormState; setField: (name: CheckoutField, value: string) => void }

/** The customer's details, their invoice details and a note: the checkout form's fields. */
export function CustomerFields({ form, setField, countries }: FieldsProps & { countries: { code: string; name: string }[] }) {
	const { t } = useTranslation()
	return (
		<div className="mt-4 grid gap-4 sm:grid-cols-2">
			{FIELD_ORDER.map((spec) => (
				<div key={spec.name} className={spec.wide ? 'sm:col-span-2' : undefined}>
					<label htmlFor={`checkout-${spec.name}`} className="block text-sm font-medium">
						{t(`checkout.${spec.name}`)}
						{spec.required ? <span aria-hidden="true"> *</span> : null}
					</label>
					{spec.name === 'country' ? (
						// An ISO code is what is sent and stored (ADR 0102); the names are in the reader's language.
						<select
							id="checkout-country"
							name="country"
							autoComplete="country"
							aria-required
							value={form.country}
							onChange={(event) => setField('country', event.target.value)}
							className={field}
						>
							{countries.map(({ code, name }) => (
								<option key={code} value={code}>
									{name}
								</option>
							))}
						</select>
					) : (
						<input
							id={`checkout-${spec.name}`}
							name={spec.name}
							type={spec.type ?? 'text'}
							autoComplete={spec.autoComplete}
							maxLength={CHECKOUT_LIMITS[spec.name]}
							aria-required={spec.required}
							value={form[spec.name]}
							onChange={(event) => setField(spec.name, event.target.value)}
							className={field}
						/>
					)}
				</div>
			))}
			<InvoiceFields form={form} setField={setField} />
			<div className="sm:col-span-2">
				<label htmlFor="checkout-notes" className="block text-sm font-medium">
					{t('checkout.notes')} <span className="font-normal text-muted">{t('checkout.optional')}</span>
				</label>
				<textarea
					id="checkout-notes"
					name="notes"
					rows={3}
					maxLength={CHECKOUT_LIMITS.notes}
					value={form.notes}
					onChange={(event) => setField('notes', event.target.value)}
					className={field}
				/>
			</div>
		</div>
	)
}

/** A company and its VAT number or CUI; a Romanian consumer may add a CNP instead (ADR 0152), whose control digit the server checks. */
function InvoiceFields({ form, setField }: FieldsProps) {
	const { t } = useTranslation()
	const names = ['company', 'vatNumber', ...(form.country === 'RO' && !form.company ? (['cnp'] as const) : [])] as const
	return (
		<fieldset className="sm:col-span-2 grid gap-4 sm:grid-cols-2">
			<legend className="mb-2 text-sm text-muted">{t('checkout.invoiceDetailsHint')}</legend>
			{names.map((name) => (
				<div key={name}>
					<label htmlFor={`checkout-${name}`} className="block text-sm font-medium">
						{t(`checkout.${name}`)} <span className="font-normal text-muted">{t('checkout.optional')}</span>
					</label>
					<input
						id={`checkout-${name}`}
						name={name}
						type="text"
						inputMode={name === 'cnp' ? 'numeric' : undefined}
						autoComplete={name === 'company' ? 'organization' : 'off'}
						aria-describedby={name === 'cnp' ? 'checkout-cnp-hint' : undefined}
						maxLength={CHECKOUT_LIMITS[name]}
						value={form[name]}
						onChange={(event) => setField(name, event.target.value)}
						className={field}
					/>
					{name === 'cnp' ? (
						<p id="checkout-cnp-hint" className="mt-1 text-xs text-muted">
							{t('checkout.cnpHint')}
						</p>
					) : null}
				</div>
			))}
		</fieldset>
	)
}

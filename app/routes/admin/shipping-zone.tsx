import { ShippingFormPage } from '#app/components/admin/shipping-form-page.tsx'
import { getZoneForEdit, saveZone } from '#server/shipping/admin-shipping.ts'
import { notFound, uuidParam, saveAdminForm } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { AdminField, submittedText, useAdminForm } from '#app/components/admin/form.tsx'
import { inputClass } from '#app/components/admin/ui.tsx'
import { NumberInput } from '#app/components/number-input.tsx'
import { MONEY } from '#domain/locale-number.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { emptyShippingZoneForm, shippingZoneEditSchema, shippingZoneFormSchema, type ShippingZoneFormValues } from '#domain/forms/admin-shipping.ts'
import { keepTypedForm } from '#app/lib/forms/keep-typed-form.ts'
import type { Route } from './+types/shipping-zone'

export async function loader({ params, context }: Route.LoaderArgs) {
	const id = params.id === 'new' ? null : uuidParam(params.id)
	const zone = id ? await getZoneForEdit(getApp(context).db, id) : null
	if (id && !zone) notFound()
	return { id, values: zone?.values ?? emptyShippingZoneForm, version: zone?.version }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `${loaderData?.id ? adminT('shipping.editZone') : adminT('shipping.newZone')} | ${adminT('nav.title')}` }]
}

/** The zone form (ADR 0240), parsed with the browser's schema; saved meanwhile elsewhere: refused with what changed (ADR 0225). */
export async function action({ request, params, context }: Route.ActionArgs) {
	const app = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	return saveAdminForm(app, request, {
		schema: shippingZoneEditSchema,
		save: (value) => saveZone(app.db, id, value),
		saved: () => ({ to: '/admin/shipping', title: adminT('shipping.zoneSaved') }),
		failure: adminT('shipping.saveFailed'),
		what: 'shipping zone',
	})
}

/** In the browser: a save the server cannot answer keeps the page and what was typed (ADR 0126). */
export const clientAction = keepTypedForm(adminT('shipping.saveFailed'))

function fromSubmitted(submitted: Record<string, unknown>, initial: ShippingZoneFormValues): ShippingZoneFormValues {
	return {
		name: submittedText(submitted, 'name', initial.name),
		countries: submittedText(submitted, 'countries', initial.countries),
		freeFrom: submittedText(submitted, 'freeFrom', initial.freeFrom),
	}
}

export default function ShippingZoneEdit({ loaderData, actionData }: Route.ComponentProps) {
	const { id } = loaderData
	const form = useAdminForm({
		schema: shippingZoneFormSchema,
		initial: loaderData.values,
		editing: id !== null,
		actionData,
		fromSubmitted,
		version: loaderData.version,
	})
	const { values, set, control } = form
	const title = id ? adminT('shipping.editZone') : adminT('shipping.newZone')
	return (
		<ShippingFormPage title={title} form={form}>
			<AdminField form={form} name="name" label={adminT('shipping.zoneName')}>
				<input {...control('name')} className={inputClass} maxLength={100} required value={values.name} onChange={(event) => set('name', event.target.value)} />
			</AdminField>
			<AdminField form={form} name="countries" label={adminT('shipping.countries')}>
				<input
					{...control('countries')}
					className={`${inputClass} font-mono`}
					autoCapitalize="characters"
					spellCheck={false}
					value={values.countries}
					onChange={(event) => set('countries', event.target.value)}
				/>
				<p className="mt-1 text-xs text-muted">{adminT('shipping.countriesHint')}</p>
			</AdminField>
			<AdminField form={form} name="freeFrom" label={adminT('shipping.freeFrom')}>
				<NumberInput
					{...control('freeFrom')}
					format={MONEY}
					className={inputClass}
					value={values.freeFrom}
					onChange={(event) => set('freeFrom', event.target.value)}
				/>
				<p className="mt-1 text-xs text-muted">{adminT('shipping.freeFromHint')}</p>
			</AdminField>
		</ShippingFormPage>
	)
}

import { ShippingFormPage } from '#app/components/admin/shipping-form-page.tsx'
import { getRateForEdit, getZoneName, saveRate } from '#server/shipping/admin-shipping.ts'
import { notFound, uuidParam, saveAdminForm } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { AdminField, submittedText, useAdminForm } from '#app/components/admin/form.tsx'
import { inputClass } from '#app/components/admin/ui.tsx'
import { NumberInput } from '#app/components/number-input.tsx'
import { MONEY, WHOLE, type NumberFormat } from '#domain/locale-number.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { emptyShippingRateForm, shippingRateEditSchema, shippingRateFormSchema, type ShippingRateFormValues } from '#domain/forms/admin-shipping.ts'
import { keepTypedForm } from '#app/lib/forms/keep-typed-form.ts'
import type { Route } from './+types/shipping-rate'

/** /admin/shipping/rates/new?zone=ID, or /admin/shipping/rates/ID. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
	const { db } = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	const rate = id ? await getRateForEdit(db, id) : null
	if (id && !rate) notFound()
	const zoneId = rate?.values.zoneId ?? uuidParam(new URL(request.url).searchParams.get('zone') ?? undefined)
	const zoneName = await getZoneName(db, zoneId)
	if (zoneName === null) notFound()
	return { id, zoneName, values: rate?.values ?? emptyShippingRateForm(zoneId), version: rate?.version }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `${loaderData?.id ? adminT('shipping.editRate') : adminT('shipping.newRate')} | ${adminT('nav.title')}` }]
}

/** The rate form (ADR 0240); saved meanwhile elsewhere: refused with what changed (ADR 0225). */
export async function action({ request, params, context }: Route.ActionArgs) {
	const app = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	return saveAdminForm(app, request, {
		schema: shippingRateEditSchema,
		save: (value) => saveRate(app.db, id, value),
		saved: () => ({ to: '/admin/shipping', title: adminT('shipping.rateSaved') }),
		failure: adminT('shipping.saveFailed'),
		what: 'shipping rate',
	})
}

/** In the browser: a save the server cannot answer keeps the page and what was typed (ADR 0126). */
export const clientAction = keepTypedForm(adminT('shipping.saveFailed'))

type Field = Exclude<keyof ShippingRateFormValues, 'zoneId'>

function fromSubmitted(submitted: Record<string, unknown>, initial: ShippingRateFormValues): ShippingRateFormValues {
	const text = (name: keyof ShippingRateFormValues) => submittedText(submitted, name, initial[name] ?? '')
	return {
		zoneId: initial.zoneId,
		price: text('price'),
		minSubtotal: text('minSubtotal'),
		maxSubtotal: text('maxSubtotal'),
		minWeightGrams: text('minWeightGrams'),
		maxWeightGrams: text('maxWeightGrams'),
	}
}

export default function ShippingRateEdit({ loaderData, actionData }: Route.ComponentProps) {
	const { id, zoneName } = loaderData
	const form = useAdminForm({
		schema: shippingRateFormSchema,
		initial: loaderData.values,
		editing: id !== null,
		actionData,
		fromSubmitted,
		version: loaderData.version,
	})
	const { values, set, control } = form
	const field = (name: Field, label: string, format: NumberFormat, required = false) => (
		<AdminField form={form} name={name} label={label}>
			<NumberInput
				{...control(name)}
				format={format}
				className={inputClass}
				required={required}
				value={values[name] ?? ''}
				onChange={(event) => set(name, event.target.value)}
			/>
		</AdminField>
	)
	return (
		<ShippingFormPage title={`${id ? adminT('shipping.editRate') : adminT('shipping.newRate')}: ${zoneName}`} form={form}>
			<input type="hidden" name="zoneId" value={values.zoneId} />
			{field('price', adminT('shipping.price'), MONEY, true)}
			<p className="text-xs text-muted">{adminT('shipping.bandsHint')}</p>
			<div className="grid gap-5 sm:grid-cols-2">
				{field('minSubtotal', adminT('shipping.minSubtotal'), MONEY)}
				{field('maxSubtotal', adminT('shipping.maxSubtotal'), MONEY)}
				{field('minWeightGrams', adminT('shipping.minWeight'), WHOLE)}
				{field('maxWeightGrams', adminT('shipping.maxWeight'), WHOLE)}
			</div>
		</ShippingFormPage>
	)
}

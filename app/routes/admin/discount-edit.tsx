import { Form } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { discountScopeOptions, getDiscountForEdit, saveDiscountCode } from '#server/discounts/admin.ts'
import { notFound, uuidParam, saveAdminForm } from '#server/admin/route-helpers.ts'
import { getApp } from '#server/context.ts'
import { ActiveSwitch, AdminField, FormActions, submittedCheckbox, submittedText, useAdminForm } from '#app/components/admin/form.tsx'
import { inputClass } from '#app/components/admin/ui.tsx'
import { NumberInput } from '#app/components/number-input.tsx'
import { MONEY, WHOLE } from '#domain/locale-number.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { DISCOUNT_KINDS, DISCOUNT_SCOPES } from '#domain/discounts.ts'
import { discountEditSchema, discountFormSchema, emptyDiscountForm, type DiscountFormValues } from '#domain/forms/admin-discount.ts'
import { keepTypedForm } from '#app/lib/forms/keep-typed-form.ts'
import type { Route } from './+types/discount-edit'

export async function loader({ params, context }: Route.LoaderArgs) {
	const { db } = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	const code = id ? await getDiscountForEdit(db, id) : null
	if (id && !code) notFound()
	return { id, values: code?.values ?? emptyDiscountForm, version: code?.version, uses: code?.uses ?? 0, options: await discountScopeOptions(db) }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `${loaderData?.id ? adminT('discounts.editTitle') : adminT('discounts.newTitle')} | ${adminT('nav.title')}` }]
}

/** The code form, parsed with the browser's schema; saved meanwhile elsewhere: refused with what changed (ADR 0225). */
export async function action({ request, params, context }: Route.ActionArgs) {
	const app = getApp(context)
	const id = params.id === 'new' ? null : uuidParam(params.id)
	return saveAdminForm(app, request, {
		schema: discountEditSchema,
		save: (value) => saveDiscountCode(app.db, id, value),
		saved: ({ created }) => ({ to: '/admin/discounts', title: created ? adminT('discounts.created') : adminT('discounts.updated') }),
		failure: adminT('discounts.saveFailed'),
		what: 'discount code',
	})
}

/** In the browser: a save the server cannot answer keeps the page and what was typed (ADR 0126). */
export const clientAction = keepTypedForm(adminT('discounts.saveFailed'))

const listOf = (submitted: Record<string, unknown>, name: string): string[] => {
	const value = submitted[name]
	return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []
}

/** A refused submission's values back in the form's shape (what was typed stays). */
function fromSubmitted(submitted: Record<string, unknown>, initial: DiscountFormValues): DiscountFormValues {
	const text = (name: Exclude<keyof DiscountFormValues, 'isActive' | 'categoryIds' | 'productIds'>) => submittedText(submitted, name, initial[name])
	return {
		code: text('code'),
		kind: text('kind'),
		percent: text('percent'),
		amount: text('amount'),
		minSubtotal: text('minSubtotal'),
		scope: text('scope'),
		categoryIds: 'categoryIds' in submitted ? listOf(submitted, 'categoryIds') : initial.categoryIds,
		productIds: 'productIds' in submitted ? listOf(submitted, 'productIds') : initial.productIds,
		startsOn: text('startsOn'),
		endsOn: text('endsOn'),
		maxUses: text('maxUses'),
		maxUsesPerCustomer: text('maxUsesPerCustomer'),
		isActive: submittedCheckbox(submitted, 'isActive'),
	}
}

export default function DiscountEdit({ loaderData, actionData }: Route.ComponentProps) {
	const { id, options } = loaderData
	const form = useAdminForm({
		schema: discountFormSchema,
		initial: loaderData.values,
		editing: id !== null,
		actionData,
		fromSubmitted,
		version: loaderData.version,
	})
	const { values, set, control } = form
	const picked = (name: 'categoryIds' | 'productIds', rows: { id: string; name: string }[]) => (
		<AdminField form={form} name={name} label={adminT(`discounts.${name === 'categoryIds' ? 'categories' : 'products'}`)}>
			<select
				{...control(name)}
				name={`${name}[]`}
				multiple
				size={Math.min(8, Math.max(3, rows.length))}
				className={inputClass}
				value={values[name]}
				onChange={(event) =>
					set(
						name,
						[...event.target.selectedOptions].map((option) => option.value),
					)
				}
			>
				{rows.map((row) => (
					<option key={row.id} value={row.id}>
						{row.name}
					</option>
				))}
			</select>
		</AdminField>
	)
	return (
		<section aria-labelledby="discount-form-title" className="max-w-2xl">
			<Link to="/admin/discounts" className="text-sm text-clay-dark underline underline-offset-4">
				← {adminT('common.back')}
			</Link>
			<h1 id="discount-form-title" className="mt-3 font-serif text-3xl">
				{id ? adminT('discounts.editTitle') : adminT('discounts.newTitle')}
			</h1>
			<Form method="post" id={form.formId} onSubmit={form.onSubmit} noValidate className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm">
				{form.stampFields}
				{form.conflictNotice}
				<AdminField form={form} name="code" label={adminT('discounts.code')}>
					<input
						{...control('code')}
						className={`${inputClass} font-mono uppercase`}
						maxLength={40}
						autoComplete="off"
						value={values.code}
						onChange={(event) => set('code', event.target.value)}
					/>
					<p className="mt-1 text-xs text-muted">{adminT('discounts.codeHint')}</p>
				</AdminField>
				<div className="grid gap-5 sm:grid-cols-2">
					<AdminField form={form} name="kind" label={adminT('discounts.kind')}>
						<select {...control('kind')} className={inputClass} value={values.kind} onChange={(event) => set('kind', event.target.value)}>
							{DISCOUNT_KINDS.map((kind) => (
								<option key={kind} value={kind}>
									{adminT(`discounts.kinds.${kind}`)}
								</option>
							))}
						</select>
					</AdminField>
					{values.kind === 'percent' ? (
						<AdminField form={form} name="percent" label={adminT('discounts.percent')}>
							<NumberInput
								{...control('percent')}
								format={WHOLE}
								className={inputClass}
								value={values.percent}
								onChange={(event) => set('percent', event.target.value)}
							/>
						</AdminField>
					) : values.kind === 'fixed' ? (
						<AdminField form={form} name="amount" label={adminT('discounts.amount')}>
							<NumberInput
								{...control('amount')}
								format={MONEY}
								className={inputClass}
								value={values.amount}
								onChange={(event) => set('amount', event.target.value)}
							/>
						</AdminField>
					) : null}
				</div>
				<AdminField form={form} name="minSubtotal" label={adminT('discounts.minSubtotal')}>
					<NumberInput
						{...control('minSubtotal')}
						format={MONEY}
						className={inputClass}
						value={values.minSubtotal}
						onChange={(event) => set('minSubtotal', event.target.value)}
					/>
				</AdminField>
				<AdminField form={form} name="scope" label={adminT('discounts.scope')}>
					<select {...control('scope')} className={inputClass} value={values.scope} onChange={(event) => set('scope', event.target.value)}>
						{DISCOUNT_SCOPES.map((scope) => (
							<option key={scope} value={scope}>
								{adminT(`discounts.scopes.${scope}`)}
							</option>
						))}
					</select>
				</AdminField>
				{values.scope === 'categories' ? picked('categoryIds', options.categories) : null}
				{values.scope === 'products' ? picked('productIds', options.products) : null}
				<div className="grid gap-5 sm:grid-cols-2">
					<AdminField form={form} name="startsOn" label={adminT('discounts.startsOn')}>
						<input
							{...control('startsOn')}
							type="date"
							className={inputClass}
							value={values.startsOn}
							onChange={(event) => set('startsOn', event.target.value)}
						/>
					</AdminField>
					<AdminField form={form} name="endsOn" label={adminT('discounts.endsOn')}>
						<input {...control('endsOn')} type="date" className={inputClass} value={values.endsOn} onChange={(event) => set('endsOn', event.target.value)} />
					</AdminField>
					<AdminField form={form} name="maxUses" label={adminT('discounts.maxUses')}>
						<NumberInput
							{...control('maxUses')}
							format={WHOLE}
							className={inputClass}
							value={values.maxUses}
							onChange={(event) => set('maxUses', event.target.value)}
						/>
					</AdminField>
					<AdminField form={form} name="maxUsesPerCustomer" label={adminT('discounts.maxUsesPerCustomer')}>
						<NumberInput
							{...control('maxUsesPerCustomer')}
							format={WHOLE}
							className={inputClass}
							value={values.maxUsesPerCustomer}
							onChange={(event) => set('maxUsesPerCustomer', event.target.value)}
						/>
					</AdminField>
				</div>
				{id ? (
					<p className="text-sm text-muted">
						{adminT('discounts.uses')}: {loaderData.uses}
					</p>
				) : null}
				<ActiveSwitch checked={values.isActive} onChange={(checked) => set('isActive', checked)} label={adminT('discounts.isActive')} />
				<FormActions cancelTo="/admin/discounts" saving={form.saving} />
			</Form>
			{form.unsavedDialog}
		</section>
	)
}

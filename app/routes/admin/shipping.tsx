import { useState } from 'react'
import { useFetcher } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { deleteRate, deleteZone } from '#server/shipping/admin-shipping.ts'
import { readZones } from '#server/shipping/rates.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { listPathOf } from '#server/admin/row-actions.ts'
import { rejectAdminSubmission } from '#server/admin/route-helpers.ts'
import { redirectWithToast } from '#server/toast.ts'
import { readFormData } from '#server/http/request-body.ts'
import { getApp } from '#server/context.ts'
import { buttonDanger, buttonPrimary, buttonSmall, ConfirmDialog } from '#app/components/admin/ui.tsx'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import { countryName } from '#domain/shipping.ts'
import { shippingDeleteSchema } from '#domain/forms/admin-shipping-delete.ts'
import { formError, parseSubmission, submittedValues, type AdminRejection } from '#domain/forms/submission.ts'
import type { Toast } from '#domain/toast.ts'
import type { Route } from './+types/shipping'

export async function loader({ context }: Route.LoaderArgs) {
	const zones = await readZones(getApp(context).db)
	return {
		zones: zones.map((zone) => ({
			id: zone.id,
			name: zone.name,
			countries: zone.countries,
			freeFromCents: zone.freeFromCents,
			rates: zone.rates.map(({ id, priceCents, minSubtotalCents, maxSubtotalCents, minWeightGrams, maxWeightGrams }) => ({
				id,
				priceCents,
				minSubtotalCents,
				maxSubtotalCents,
				minWeightGrams,
				maxWeightGrams,
			})),
		})),
	}
}

export function meta() {
	return [{ title: `${adminT('shipping.title')} | ${adminT('nav.title')}` }]
}

/** intent=deleteZone (with its rates; never the last zone) or intent=deleteRate, with the id. */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const posted = submittedValues(await readFormData(request))
	const submission = parseSubmission(shippingDeleteSchema, posted)
	if (!submission.ok) return rejectAdminSubmission(submission.errors, posted)
	const { intent, id } = submission.value
	try {
		const deleted = intent === 'deleteZone' ? await deleteZone(app.db, id) : await deleteRate(app.db, id)
		if (!deleted) return rejectAdminSubmission(formError(adminT('common.notFound')), posted, 404, adminT('common.error'))
		return redirectWithToast(app, listPathOf(request), {
			type: 'success',
			title: intent === 'deleteZone' ? adminT('shipping.zoneDeleted') : adminT('shipping.rateDeleted'),
		})
	} catch (error) {
		if (error instanceof AdminInputError) return rejectAdminSubmission(formError(error.message), posted, error.status, adminT('shipping.deleteFailed'))
		throw error
	}
}

type Zone = Route.ComponentProps['loaderData']['zones'][number]
type Rate = Zone['rates'][number]

const euro = (cents: number) => formatEuro(cents, 'ro')

/** A band in words: "orice valoare", "de la 50,00 €", "sub 2000 g", "0 g – sub 2000 g". */
function band(min: number, max: number | null, unit: (value: number) => string, any: string) {
	if (min === 0 && max === null) return any
	if (max === null) return adminT('shipping.from', { min: unit(min) })
	if (min === 0) return adminT('shipping.below', { max: unit(max) })
	return adminT('shipping.between', { min: unit(min), max: unit(max) })
}

function rateBands(rate: Rate) {
	return [
		band(rate.minSubtotalCents, rate.maxSubtotalCents, euro, adminT('shipping.anyValue')),
		band(rate.minWeightGrams, rate.maxWeightGrams, (grams) => `${grams} g`, adminT('shipping.anyWeight')),
	].join(' · ')
}

/** A delete button asking first; it posts to this page's action. */
function DeleteButton({ intent, id, label, confirm }: { intent: 'deleteZone' | 'deleteRate'; id: string; label: string; confirm: string }) {
	const fetcher = useFetcher<{ toast?: Toast } | AdminRejection>()
	useToastResult(fetcher.data)
	const [confirming, setConfirming] = useState(false)
	return (
		<>
			<button type="button" className={buttonDanger} disabled={fetcher.state !== 'idle'} aria-label={label} onClick={() => setConfirming(true)}>
				{adminT('common.delete')}
			</button>
			<ConfirmDialog
				open={confirming}
				description={confirm}
				onClose={() => setConfirming(false)}
				onConfirm={() => fetcher.submit({ intent, id }, { method: 'post' })}
			/>
		</>
	)
}

function ZoneCard({ zone }: { zone: Zone }) {
	const countries = zone.countries.length ? zone.countries.map((code) => countryName(code, 'ro')).join(', ') : adminT('shipping.restOfWorld')
	return (
		<article aria-labelledby={`zone-${zone.id}`} className="rounded-2xl bg-white p-5 shadow-sm" data-testid="shipping-zone">
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="min-w-0">
					<h2 id={`zone-${zone.id}`} className="font-serif text-xl">
						{zone.name}
					</h2>
					<p className="mt-1 text-sm break-words text-muted">{countries}</p>
					<p className="mt-1 text-sm">
						{zone.freeFromCents === null ? adminT('shipping.noFreeFrom') : adminT('shipping.freeFromShown', { amount: euro(zone.freeFromCents) })}
					</p>
				</div>
				<div className="flex flex-wrap gap-2">
					<Link to={`/admin/shipping/zones/${zone.id}`} className={buttonSmall} aria-label={`${adminT('shipping.editZone')} ${zone.name}`}>
						{adminT('common.edit')}
					</Link>
					<DeleteButton
						intent="deleteZone"
						id={zone.id}
						label={`${adminT('shipping.deleteZone')} ${zone.name}`}
						confirm={adminT('shipping.deleteZoneConfirm', { name: zone.name })}
					/>
				</div>
			</div>
			<h3 className="sr-only">{adminT('shipping.ratesCol')}</h3>
			{zone.rates.length === 0 ? (
				<p className="mt-4 rounded-lg bg-sand/60 p-3 text-sm">{adminT('shipping.noRates')}</p>
			) : (
				<ul className="mt-4 divide-y divide-sand border-y border-sand">
					{zone.rates.map((rate) => (
						<li key={rate.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="shipping-rate">
							<span className="min-w-0">
								<span className="font-semibold">{euro(rate.priceCents)}</span>
								<span className="ml-2 text-sm text-muted">{rateBands(rate)}</span>
							</span>
							<span className="flex gap-2">
								<Link
									to={`/admin/shipping/rates/${rate.id}`}
									className={buttonSmall}
									aria-label={`${adminT('shipping.editRate')} ${euro(rate.priceCents)} ${zone.name}`}
								>
									{adminT('common.edit')}
								</Link>
								<DeleteButton
									intent="deleteRate"
									id={rate.id}
									label={`${adminT('shipping.deleteRate')} ${euro(rate.priceCents)} ${zone.name}`}
									confirm={adminT('shipping.deleteRateConfirm', { price: euro(rate.priceCents) })}
								/>
							</span>
						</li>
					))}
				</ul>
			)}
			<Link to={`/admin/shipping/rates/new?zone=${zone.id}`} className={`${buttonSmall} mt-4`} aria-label={`${adminT('shipping.addRate')} ${zone.name}`}>
				{adminT('shipping.addRate')}
			</Link>
		</article>
	)
}

export default function AdminShipping({ loaderData }: Route.ComponentProps) {
	return (
		<section aria-labelledby="shipping-title">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 id="shipping-title" className="font-serif text-3xl">
					{adminT('shipping.title')}
				</h1>
				<Link to="/admin/shipping/zones/new" className={buttonPrimary}>
					{adminT('shipping.newZone')}
				</Link>
			</div>
			<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('shipping.intro')}</p>
			<p className="mt-1 max-w-3xl text-sm text-muted">{adminT('shipping.weightNote')}</p>
			<div className="mt-6 grid gap-5 lg:grid-cols-2">
				{loaderData.zones.map((zone) => (
					<ZoneCard key={zone.id} zone={zone} />
				))}
			</div>
		</section>
	)
}

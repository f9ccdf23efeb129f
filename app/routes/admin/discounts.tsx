import { Form, useNavigation } from 'react-router'
import { Link } from '#app/components/link.tsx'
import { buttonPrimary, buttonSmall, StatusBadge } from '#app/components/admin/ui.tsx'
import { listDiscountCodes, setDiscountActive } from '#server/discounts/admin.ts'
import { AdminInputError } from '#server/admin/errors.ts'
import { rejectAdminSubmission } from '#server/admin/route-helpers.ts'
import { readFormData } from '#server/http/request-body.ts'
import { getApp } from '#server/context.ts'
import { redirectWithToast } from '#server/toast.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { rowActionSchema } from '#domain/forms/admin-row-action.ts'
import { formError, parseSubmission, submittedValues } from '#domain/forms/submission.ts'
import { formatEuro } from '#domain/money.ts'
import { useSubmissionToast } from '#app/lib/forms/submission.ts'
import type { Route } from './+types/discounts'

export async function loader({ context }: Route.LoaderArgs) {
	const rows = await listDiscountCodes(getApp(context).db)
	return {
		codes: rows.map((row) => ({
			id: row.id,
			code: row.code,
			kind: row.kind,
			value: row.value,
			minSubtotalCents: row.minSubtotalCents,
			startsAt: row.startsAt?.toISOString().slice(0, 10) ?? null,
			endsAt: row.endsAt ? new Date(row.endsAt.getTime() - 1).toISOString().slice(0, 10) : null,
			uses: row.uses,
			maxUses: row.maxUses,
			isActive: row.isActive,
		})),
	}
}

export function meta() {
	return [{ title: `${adminT('discounts.title')} | ${adminT('nav.title')}` }]
}

/** intent=toggle (id, active=true|false): a code is deactivated, never deleted (orders keep naming it). */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const posted = submittedValues(await readFormData(request))
	const submission = parseSubmission(rowActionSchema, posted)
	if (!submission.ok || submission.value.intent !== 'toggle')
		return rejectAdminSubmission(submission.ok ? formError(adminT('common.error')) : submission.errors, posted)
	try {
		await setDiscountActive(app.db, submission.value.id, submission.value.active)
	} catch (error) {
		if (error instanceof AdminInputError) return rejectAdminSubmission(formError(error.message), posted, error.status, adminT('common.error'))
		throw error
	}
	return redirectWithToast(app, '/admin/discounts', { type: 'success', title: adminT('discounts.toggled') })
}

export default function Discounts({ loaderData, actionData }: Route.ComponentProps) {
	const busy = useNavigation().state !== 'idle'
	useSubmissionToast(actionData, adminT('common.error'))
	const valueOf = (row: (typeof loaderData.codes)[number]) =>
		row.kind === 'percent' ? `${row.value}%` : row.kind === 'fixed' ? formatEuro(row.value, 'ro') : adminT('discounts.kinds.free_shipping')
	return (
		<section aria-labelledby="discounts-title">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h1 id="discounts-title" className="font-serif text-3xl">
					{adminT('discounts.title')}
				</h1>
				<Link to="/admin/discounts/new" className={buttonPrimary}>
					{adminT('discounts.add')}
				</Link>
			</div>
			{loaderData.codes.length === 0 ? (
				<p className="mt-8 text-muted">{adminT('discounts.empty')}</p>
			) : (
				<div className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm">
					<table className="w-full text-left text-sm">
						<thead className="border-b border-sand">
							<tr>
								<th className="p-3">{adminT('discounts.code')}</th>
								<th className="p-3">{adminT('discounts.value')}</th>
								<th className="p-3">{adminT('discounts.validity')}</th>
								<th className="p-3">{adminT('discounts.uses')}</th>
								<th className="p-3">{adminT('discounts.status')}</th>
								<th className="p-3">{adminT('discounts.actions')}</th>
							</tr>
						</thead>
						<tbody>
							{loaderData.codes.map((row) => (
								<tr key={row.id} className="border-b border-sand last:border-0" data-testid="discount-row">
									<td className="p-3 font-mono">{row.code}</td>
									<td className="p-3">
										{valueOf(row)}
										{row.minSubtotalCents !== null ? <span className="block text-xs text-muted">≥ {formatEuro(row.minSubtotalCents, 'ro')}</span> : null}
									</td>
									<td className="p-3">{row.startsAt || row.endsAt ? `${row.startsAt ?? '…'} – ${row.endsAt ?? '…'}` : adminT('discounts.always')}</td>
									<td className="p-3">
										{row.uses}
										{row.maxUses !== null ? ` / ${row.maxUses}` : ''}
									</td>
									<td className="p-3">
										<StatusBadge active={row.isActive} on={adminT('discounts.active')} off={adminT('discounts.inactive')} />
									</td>
									<td className="flex flex-wrap gap-2 p-3">
										<Link to={`/admin/discounts/${row.id}`} className={buttonSmall}>
											{adminT('discounts.edit')}
										</Link>
										<Form method="post">
											<input type="hidden" name="intent" value="toggle" />
											<input type="hidden" name="id" value={row.id} />
											<input type="hidden" name="active" value={row.isActive ? 'false' : 'true'} />
											<button type="submit" className={buttonSmall} disabled={busy}>
												{row.isActive ? adminT('discounts.deactivate') : adminT('discounts.activate')}
											</button>
										</Form>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</section>
	)
}

import { Form } from 'react-router'
import { buttonSecondary, buttonSmall, inputClass, labelClass } from '#app/components/admin/ui.tsx'
import { getApp } from '#server/context.ts'
import { loadAdminPage } from '#server/admin/route-helpers.ts'
import { monthTotalsOf, parseMonth, previousMonth, type MonthTotals, type TotalsRow } from '#server/accounting/monthly-export.ts'
import { adminT } from '#domain/i18n/admin.ts'
import { formatEuro } from '#domain/money.ts'
import type { Route } from './+types/accounting'

/** The accountant's month (ADR 0161): totals per VAT return and the downloads; admins only, as all of /admin. */
export async function loader(args: Route.LoaderArgs) {
	const app = getApp(args.context)
	const month = parseMonth(new URL(args.request.url).searchParams.get('luna')) ?? previousMonth()
	return loadAdminPage(app, `accounting totals of ${month}`, async () => ({ month, totals: (await monthTotalsOf(app.db, month)) as MonthTotals | null }), {
		month,
		totals: null,
	})
}

export function meta() {
	return [{ title: `${adminT('accounting.title')} | ${adminT('nav.title')}` }]
}

const lei = (cents: number) => `${(cents / 100).toLocaleString('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} lei`

const GROUPS = ['domestic', 'oss', 'intraCommunity', 'exports', 'notRegistered'] as const

function TotalsTable({ caption, rows, total }: { caption: string; rows: TotalsRow[]; total?: TotalsRow }) {
	return (
		<div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
			<table className="w-full min-w-[36rem] text-left text-sm">
				<caption className="text-left font-semibold">{caption}</caption>
				<thead className="text-xs uppercase tracking-wide text-muted">
					<tr>
						<th scope="col" className="py-1 pr-3">
							{adminT('accounting.key')}
						</th>
						<th scope="col" className="py-1 pr-3 text-right">
							{adminT('accounting.count')}
						</th>
						<th scope="col" className="py-1 pr-3 text-right">
							{adminT('accounting.net')}
						</th>
						<th scope="col" className="py-1 pr-3 text-right">
							{adminT('accounting.vat')}
						</th>
						<th scope="col" className="py-1 pr-3 text-right">
							{adminT('accounting.vatLei')}
						</th>
						<th scope="col" className="py-1 text-right">
							{adminT('accounting.gross')}
						</th>
					</tr>
				</thead>
				<tbody>
					{rows.length === 0 && !total ? (
						<tr className="border-t border-sand/70">
							<td colSpan={6} className="py-1 text-muted">
								{adminT('accounting.groupEmpty')}
							</td>
						</tr>
					) : (
						[...rows, ...(total ? [total] : [])].map((row) => (
							<tr key={row.key} className={`border-t border-sand/70 ${row === total ? 'font-semibold' : ''}`}>
								<th scope="row" className="py-1 pr-3 font-normal break-words">
									{row.label}
								</th>
								<td className="py-1 pr-3 text-right tabular-nums">{row.documents}</td>
								<td className="py-1 pr-3 text-right whitespace-nowrap tabular-nums">{formatEuro(row.netCents, 'ro')}</td>
								<td className="py-1 pr-3 text-right whitespace-nowrap tabular-nums">{formatEuro(row.vatCents, 'ro')}</td>
								<td className="py-1 pr-3 text-right whitespace-nowrap tabular-nums">{lei(row.vatLeiCents)}</td>
								<td className="py-1 text-right whitespace-nowrap tabular-nums">{formatEuro(row.grossCents, 'ro')}</td>
							</tr>
						))
					)}
				</tbody>
			</table>
		</div>
	)
}

export default function AdminAccounting({ loaderData }: Route.ComponentProps) {
	const { month, totals, loadError } = loaderData
	return (
		<section aria-labelledby="accounting-title">
			<h1 id="accounting-title" className="font-serif text-3xl">
				{adminT('accounting.title')}
			</h1>
			<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('accounting.intro')}</p>
			<Form key={month} method="get" action="/admin/accounting" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
				<div className="sm:w-56">
					<label htmlFor="accounting-month" className={labelClass}>
						{adminT('accounting.monthLabel')}
					</label>
					<input id="accounting-month" type="month" name="luna" defaultValue={month} required className={inputClass} />
				</div>
				<button type="submit" className={buttonSecondary}>
					{adminT('accounting.show')}
				</button>
			</Form>
			{loadError || !totals ? (
				<p role="alert" className="mt-6 rounded-lg bg-red-50 p-3 text-sm text-red-900">
					{adminT('accounting.loadFailed')}
				</p>
			) : (
				<>
					<p className="mt-6 text-sm" data-testid="accounting-count">
						{totals.all.documents ? adminT('accounting.documents', { count: totals.all.documents, month }) : adminT('accounting.none', { month })}
					</p>
					<div className="mt-3 flex flex-wrap gap-2">
						<a href={`/admin/accounting/registru-${month}.csv`} download className={buttonSmall} aria-label={adminT('accounting.registerLabel', { month })}>
							{adminT('accounting.register')}
						</a>
						<a href={`/admin/accounting/documente-${month}.zip`} download className={buttonSmall} aria-label={adminT('accounting.archiveLabel', { month })}>
							{adminT('accounting.archive')}
						</a>
					</div>
					<section aria-labelledby="accounting-totals" className="mt-6 rounded-2xl bg-white p-4 shadow-sm sm:p-5">
						<h2 id="accounting-totals" className="font-serif text-xl">
							{adminT('accounting.totalsTitle')}
						</h2>
						{GROUPS.map((group) => (
							<TotalsTable key={group} caption={adminT(`accounting.groups.${group}`)} rows={totals[group]} />
						))}
						<TotalsTable caption={adminT('accounting.all')} rows={[]} total={totals.all} />
					</section>
				</>
			)}
		</section>
	)
}

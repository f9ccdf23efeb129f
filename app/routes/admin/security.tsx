import { recentSignInBlocks, SIGN_IN_BLOCK_LOG_DAYS } from '#server/auth/sign-in-throttle.ts'
import { getApp } from '#server/context.ts'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { adminT, adminText } from '#domain/i18n/admin.ts'
import type { Route } from './+types/security'

/** The sign-in blocks (ADR 0097): who was made to wait, from where, why. Admins only (the layout guards it). */
export async function loader({ context }: Route.LoaderArgs) {
	const blocks = await recentSignInBlocks(getApp(context).db)
	return {
		keptDays: SIGN_IN_BLOCK_LOG_DAYS,
		blocks: blocks.map((block) => ({
			id: block.id,
			at: block.at.toISOString(),
			email: block.email,
			address: block.address,
			reason: block.reason,
			failures: block.failures,
			blockedUntil: block.blockedUntil.toISOString(),
		})),
	}
}

export function meta() {
	return [{ title: `${adminT('nav.security')} | Lumină & Carton` }]
}

export default function AdminSecurity({ loaderData }: Route.ComponentProps) {
	const { blocks, keptDays } = loaderData
	return (
		<section aria-labelledby="security-title">
			<h1 id="security-title" className="font-serif text-3xl">
				{adminT('security.title')}
			</h1>
			<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('security.intro', { days: keptDays })}</p>
			{blocks.length === 0 ? (
				<p className="mt-6 text-sm">{adminT('security.none')}</p>
			) : (
				// Focusable, so a keyboard can scroll the table on a phone (it holds no links of its own).
				<div tabIndex={0} role="region" aria-labelledby="security-title" className="mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm">
					<table className="w-full text-left text-sm">
						<thead className="border-b border-sand text-muted">
							<tr>
								<th scope="col" className="px-4 py-2 font-medium">
									{adminT('security.at')}
								</th>
								<th scope="col" className="px-4 py-2 font-medium">
									{adminT('security.email')}
								</th>
								<th scope="col" className="px-4 py-2 font-medium">
									{adminT('security.address')}
								</th>
								<th scope="col" className="px-4 py-2 font-medium">
									{adminT('security.reason')}
								</th>
								<th scope="col" className="px-4 py-2 font-medium">
									{adminT('security.failures')}
								</th>
								<th scope="col" className="px-4 py-2 font-medium">
									{adminT('security.blockedUntil')}
								</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-sand">
							{blocks.map((block) => (
								<tr key={block.id} data-testid="sign-in-block">
									<td className="px-4 py-2 whitespace-nowrap">{formatAdminDateTime(block.at)}</td>
									<td className="px-4 py-2 break-all">{block.email}</td>
									<td className="px-4 py-2 font-mono">{block.address}</td>
									<td className="px-4 py-2">{adminText(`security.reasons.${block.reason}`) ?? block.reason}</td>
									<td className="px-4 py-2">{block.failures}</td>
									<td className="px-4 py-2 whitespace-nowrap">{formatAdminDateTime(block.blockedUntil)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</section>
	)
}

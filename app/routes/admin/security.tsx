import { recentSignInBlocks, SIGN_IN_BLOCK_LOG_DAYS } from '#server/auth/sign-in-throttle.ts'
import { getApp } from '#server/context.ts'
import { formatAdminDateTime } from '#domain/admin/format.ts'
import { adminT, adminText } from '#domain/i18n/admin.ts'
import { ResourceTable } from '#app/components/admin/resource-table.tsx'
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
				<ResourceTable
					rows={blocks}
					rowKey={(block) => block.id}
					columns={[
						{ header: adminT('security.at'), cell: (block) => formatAdminDateTime(block.at), className: 'whitespace-nowrap' },
						{ header: adminT('security.email'), cell: (block) => block.email, className: 'break-all' },
						{ header: adminT('security.address'), cell: (block) => block.address, className: 'font-mono' },
						{ header: adminT('security.reason'), cell: (block) => adminText(`security.reasons.${block.reason}`) ?? block.reason },
						{ header: adminT('security.failures'), cell: (block) => block.failures },
						{ header: adminT('security.blockedUntil'), cell: (block) => formatAdminDateTime(block.blockedUntil), className: 'whitespace-nowrap' },
					]}
				/>
			)}
		</section>
	)
}

import { Form, useActionData, useNavigation } from 'react-router'
import { rejectAdminSubmission, toastResult } from '#server/admin/route-helpers.ts'
import { listStaff, grantStaffRole, revokeStaffRole, StaffError } from '#server/auth/staff.ts'
import { guardedUser } from '#server/auth/guards.ts'
import { getApp } from '#server/context.ts'
import { readFormData } from '#server/http/request-body.ts'
import { useToastResult } from '#app/components/admin/use-toast-result.ts'
import { ResourceTable } from '#app/components/admin/resource-table.tsx'
import { ROLES, type Role } from '#domain/enums.ts'
import { staffActionSchema } from '#domain/forms/staff.ts'
import { formError, parseSubmission } from '#domain/forms/submission.ts'
import { adminT } from '#domain/i18n/admin.ts'
import type { Route } from './+types/staff'

/** Staff accounts and their roles (ADR 0112). Admins only: the admin layout guards it. */
export async function loader({ context }: Route.LoaderArgs) {
	return { staff: await listStaff(getApp(context).db), myId: guardedUser(context).id }
}

export function meta() {
	return [{ title: `${adminT('staff.title')} | ${adminT('nav.title')}` }]
}

const roleName = (role: Role) => adminT(`staff.roleNames.${role}`)

/** intent=grant (email, role) or intent=revoke (userId, role); refusals in the one shape, keeping what was typed. */
export async function action({ request, context }: Route.ActionArgs) {
	const app = getApp(context)
	const submission = parseSubmission(staffActionSchema, await readFormData(request))
	if (!submission.ok) return rejectAdminSubmission(submission.errors, submission.values)
	const input = submission.value
	try {
		if (input.intent === 'grant') {
			const result = await grantStaffRole(app.db, input.email, input.role)
			const values = { email: result.email, role: roleName(input.role) }
			return toastResult({ type: 'success', title: result.changed ? adminT('staff.granted', values) : adminT('staff.alreadyHad', values) })
		}
		const result = await revokeStaffRole(app.db, input.userId, input.role)
		const values = { email: result.email, role: roleName(input.role) }
		return toastResult({ type: 'success', title: result.changed ? adminT('staff.revoked', values) : adminT('staff.didNotHave', values) })
	} catch (error) {
		if (!(error instanceof StaffError)) throw error
		const message =
			error.reason === 'last-admin'
				? adminT('staff.lastAdmin', { email: error.email })
				: error.reason === 'no-account'
					? adminT('staff.noAccount', { email: error.email })
					: adminT('staff.noSuchAccount')
		return rejectAdminSubmission(
			formError(message, input.intent === 'grant' ? 'email' : undefined),
			input,
			error.reason === 'last-admin' ? 409 : 400,
			adminT('common.error'),
		)
	}
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
	const { staff, myId } = loaderData
	const result = useActionData<typeof action>()
	useToastResult(result)
	const busy = useNavigation().state !== 'idle'
	const rejected = result && 'errors' in result ? result : undefined
	const typedEmail = rejected?.values.intent === 'grant' ? String(rejected.values.email ?? '') : ''
	return (
		<section aria-labelledby="staff-title">
			<h1 id="staff-title" className="font-serif text-3xl">
				{adminT('staff.title')}
			</h1>
			<p className="mt-2 max-w-3xl text-sm text-muted">{adminT('staff.intro')}</p>
			{rejected?.errors.formError ? (
				<p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
					{rejected.errors.formError}
				</p>
			) : null}
			{staff.length === 0 ? (
				<p className="mt-6 text-sm">{adminT('staff.none')}</p>
			) : (
				<ResourceTable
					rows={staff}
					rowKey={(member) => member.id}
					columns={[
						{
							header: adminT('staff.email'),
							cell: (member) => `${member.email}${member.id === myId ? ` ${adminT('staff.you')}` : ''}`,
							className: 'break-all',
						},
						{ header: adminT('staff.name'), cell: (member) => member.name || '—' },
						{ header: adminT('staff.roles'), cell: (member) => member.roles.map(roleName).join(', ') },
						{
							header: adminT('staff.actions'),
							cell: (member) => (
								<div className="flex flex-wrap gap-2">
									{member.roles.map((role) => (
										<Form method="post" key={role}>
											<input type="hidden" name="intent" value="revoke" />
											<input type="hidden" name="userId" value={member.id} />
											<input type="hidden" name="role" value={role} />
											<button
												type="submit"
												disabled={busy}
												aria-label={adminT('staff.revokeLabel', { role: roleName(role), email: member.email })}
												className="rounded-full border border-red-800 px-3 py-1 text-xs font-medium text-red-800 disabled:opacity-60"
											>
												{adminT('staff.revoke', { role: roleName(role) })}
											</button>
										</Form>
									))}
								</div>
							),
						},
					]}
				/>
			)}
			<Form method="post" className="mt-8 max-w-xl rounded-2xl bg-white p-4 shadow-sm" key={typedEmail}>
				<h2 className="font-serif text-xl">{adminT('staff.grantTitle')}</h2>
				<p className="mt-1 text-sm text-muted">{adminT('staff.grantHelp')}</p>
				<input type="hidden" name="intent" value="grant" />
				<div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
					<label className="flex-1 text-sm">
						{adminT('staff.email')}
						<input
							name="email"
							type="email"
							required
							defaultValue={typedEmail}
							aria-invalid={typedEmail ? true : undefined}
							className="mt-1 w-full rounded-lg border border-muted/40 px-3 py-2"
						/>
					</label>
					<label className="text-sm">
						{adminT('staff.role')}
						<select name="role" defaultValue="editor" className="mt-1 block w-full rounded-lg border border-muted/40 px-3 py-2">
							{ROLES.map((role) => (
								<option key={role} value={role}>
									{roleName(role)}
								</option>
							))}
						</select>
					</label>
					<button type="submit" disabled={busy} className="rounded-full bg-clay-dark px-4 py-2 text-sm font-medium text-white hover:bg-ink disabled:opacity-60">
						{adminT('staff.grant')}
					</button>
				</div>
			</Form>
		</section>
	)
}

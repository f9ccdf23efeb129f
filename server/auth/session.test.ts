import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Role } from '#domain/enums.ts'
import { appContext, type RequestContext } from '../context.ts'
import { isCommonPassword } from './common-passwords.ts'
import { passwordProblem } from './password-policy.ts'
import { roleFlags } from './roles.ts'
import { requireAdmin, requireEditor, requireUser, withCurrentUser, type CurrentUser } from './session.ts'

function contextFor(roles: Role[] | null) {
	const context = new RouterContextProvider()
	const user: CurrentUser | null = roles ? { id: 'u1', email: 'a@example.test', name: '', sessionId: 's1', roles, ...roleFlags(roles) } : null
	withCurrentUser(context, user)
	// The visitor's language (a page under /admin names none): where the login page and home page are.
	context.set(appContext, { locale: 'ro' } as RequestContext)
	return context
}

function outcome(guard: typeof requireUser, roles: Role[] | null) {
	try {
		guard({ context: contextFor(roles), url: new URL('http://shop.test/admin/products?page=2') })
		return 'ok'
	} catch (thrown) {
		const response = thrown as Response
		return `${response.status} ${response.headers.get('Location')}`
	}
}

describe('guards', () => {
	const login = '302 /ro/login?returnUrl=%2Fadmin%2Fproducts%3Fpage%3D2'
	it.each([
		['anonymous', null, login, login, login],
		['customer', [], 'ok', '302 /ro', '302 /ro'],
		['editor', ['editor'], 'ok', 'ok', '302 /ro'],
		['admin', ['admin'], 'ok', 'ok', 'ok'],
		['editor and admin', ['admin', 'editor'], 'ok', 'ok', 'ok'],
	] as const)('%s: user %s, editor %s, admin %s', (_who, roles, user, editor, admin) => {
		const list = roles ? [...roles] : null
		expect([outcome(requireUser, list), outcome(requireEditor, list), outcome(requireAdmin, list)]).toEqual([user, editor, admin])
	})

	it('derives isAdmin and isEditor from the roles listed', () => {
		expect(roleFlags([])).toEqual({ isAdmin: false, isEditor: false })
		expect(roleFlags(['editor'])).toEqual({ isAdmin: false, isEditor: true })
		expect(roleFlags(['admin'])).toEqual({ isAdmin: true, isEditor: false })
	})
})

describe('password policy', () => {
	it('refuses short, long and common passwords, whatever their case', () => {
		expect(passwordProblem('1234567')).toBe('auth.passwordTooShort')
		expect(passwordProblem('x'.repeat(129))).toBe('auth.passwordTooLong')
		expect(passwordProblem('x'.repeat(128))).toBeNull()
		for (const common of ['password', 'PASSWORD1', 'Sunshine', 'qwertyuiop', '11111111']) expect(passwordProblem(common), common).toBe('auth.commonPassword')
		expect(passwordProblem('lantern-orchard-42')).toBeNull()
		expect(isCommonPassword('')).toBe(false)
	})
})

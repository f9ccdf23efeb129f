import { createInstance } from 'i18next'
import admin, { type AdminTranslation } from './resources/admin/ro.ts'

/** Every text key of the admin namespace: 'products.title', 'orders.statuses.new', … */
type Keys<T, Prefix extends string = ''> = {
	[K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Keys<T[K], `${Prefix}${K}.`>
}[keyof T & string]
export type AdminKey = Keys<AdminTranslation>

/**
 * The admin's i18next instance: Romanian only, namespace `admin` (resources/admin/ro.ts). It is its
 * own instance, not a namespace of the storefront's, so that the storefront's pages never load the
 * admin texts (they come with the admin's route modules and the server code that uses them).
 */
const instance = createInstance()
void instance.init({
	lng: 'ro',
	fallbackLng: false,
	ns: ['admin'],
	defaultNS: 'admin',
	resources: { ro: { admin } },
	interpolation: { escapeValue: false },
	initAsync: false,
})
const fixedT = instance.getFixedT('ro', 'admin')

/** An admin text, in Romanian, with its `{{placeholders}}` filled. */
export function adminT(key: AdminKey, values?: Record<string, string | number>): string {
	return fixedT(key, values)
}

/** The text of a key known only at run time (a history action, a block reason), or undefined. */
export function adminText(key: string, values?: Record<string, string | number>): string | undefined {
	return typeof instance.getResource('ro', 'admin', key) === 'string' ? fixedT(key, values) : undefined
}

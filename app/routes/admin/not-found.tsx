import { notFound } from '#server/admin/route-helpers.ts'

/** Any other /admin/… path: the admin's own 404, inside the admin layout (ADR 0103). */
export function loader(): never {
	notFound()
}

export default function AdminNotFound() {
	return null
}

/** The shop's time zone: admin dates are shown as the shop sees them, whoever renders them. */
export const ADMIN_TIME_ZONE = 'Europe/Bucharest'

const dateTime = new Intl.DateTimeFormat('ro-RO', { dateStyle: 'short', timeStyle: 'short', timeZone: ADMIN_TIME_ZONE })

/** Order dates in ro-RO format, e.g. "14.03.2025, 09:05". */
export function formatAdminDateTime(date: Date | string) {
	return dateTime.format(typeof date === 'string' ? new Date(date) : date)
}

/** The order number shown is the first 8 characters of its id. */
export function displayOrderNumber(orderId: string) {
	return orderId.slice(0, 8)
}

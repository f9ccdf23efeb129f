import crypto from 'node:crypto'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { checkoutReminders, orderItems, orders, products } from '#db/schema/index.ts'
import type { CartItem } from '#domain/cart.ts'
import { CART_MAX_QUANTITY } from '#domain/cart-limits.ts'
import type { Locale } from '#domain/enums.ts'
import { isLocale } from '#domain/i18n/negotiate.ts'
import { shownLeadTime } from '#domain/lead-time.ts'
import { currentProductNames } from '../catalog/product-names.ts'
import { enqueueEmail } from '../email/outbox.ts'
import { renderCustomerNudgeEmail } from '../email/templates/customer-nudge.tsx'
import { reminderT } from './reminder-texts.ts'
import { createPeriodicJob } from '../jobs/periodic-job.ts'
import type { Logger } from '../logger.ts'
import { shopFooter, type OrderEmailContext } from '../orders/emails.ts'
import { localizedUrl } from '../public-url.ts'

/** Reminders one round claims at once; the round goes on until none is due. */
const REMINDER_BATCH = 50

/** The consent text as the checkout page shows it in `locale`: what the customer ticks, and what is stored. */
export function reminderConsentText(locale: Locale) {
	return reminderT(locale)('checkoutReminder.consent')
}

/**
 * Records that the customer ticked the checkout's reminder box for this order (ADR 0269): the text
 * they agreed to, in the page's language, and when. Without the tick nothing is stored, and no
 * reminder can ever be sent for the order.
 */
export async function recordReminderConsent(db: DbExecutor, input: { orderId: string; locale: Locale }) {
	await db
		.insert(checkoutReminders)
		.values({ orderId: input.orderId, locale: input.locale, consentText: reminderConsentText(input.locale) })
		.onConflictDoNothing()
}

const LINK_PURPOSE = 'checkout-reminder:v1:'
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/

function cartLinkKey(secret: string, orderId: string) {
	return crypto
		.createHmac('sha256', secret)
		.update(LINK_PURPOSE + orderId.toLowerCase())
		.digest('base64url')
}

/** Whether `key` is the reminder link's key of `orderId`, compared in constant time. */
export function isCartLinkKey(secret: string, orderId: string, key: string | null | undefined) {
	if (!key || !KEY_PATTERN.test(key)) return false
	const expected = Buffer.from(cartLinkKey(secret, orderId))
	const given = Buffer.from(key)
	return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

/** The reminder's link: a page that puts the order's lines back in the browser's cart, signed with the app secret. */
export function cartRestoreUrl(publicUrl: string, locale: Locale, secret: string, orderId: string) {
	return localizedUrl(publicUrl, locale, `/cart/restore?order=${orderId}&key=${cartLinkKey(secret, orderId)}`)
}

/**
 * The cart lines of an order, as the cart holds them, for the reminder's link: its catalogue products
 * that can still be bought, each at most what is in stock, named in `locale`. Portraits are left out:
 * their photo belongs to the order it was uploaded for. The cart asks the server for prices now anyway.
 */
export async function restoredCartItems(db: DbExecutor, orderId: string, locale: Locale): Promise<CartItem[]> {
	const rows = await db
		.select({
			productId: products.id,
			quantity: orderItems.quantity,
			price: products.priceNowCents,
			images: products.images,
			stock: products.stock,
			leadTimeDays: products.leadTimeDays,
		})
		.from(orderItems)
		.innerJoin(products, eq(products.id, orderItems.productId))
		.where(and(eq(orderItems.orderId, orderId), eq(products.isActive, true), isNotNull(orderItems.productId)))
		.orderBy(asc(orderItems.name))
	const names = await currentProductNames(
		db,
		locale,
		rows.map((row) => row.productId),
	)
	return rows.flatMap((row): CartItem[] => {
		if (row.stock === 0) return []
		const quantity = Math.min(row.quantity, row.stock ?? CART_MAX_QUANTITY)
		const leadTime = shownLeadTime(row)
		return [
			{
				id: row.productId,
				line: { kind: 'product', productId: row.productId, quantity },
				name: names.get(row.productId) ?? '',
				price: row.price,
				image: row.images[0] ?? null,
				...(row.stock !== null ? { maxQuantity: row.stock } : {}),
				...(leadTime !== null ? { leadTimeDays: leadTime } : {}),
			},
		]
	})
}

/**
 * An order that can no longer be reminded of: paid, its payment under way, archived, or followed by
 * another order of the same customer (that one is the checkout that counts; a paid one means they bought).
 */
const moot = sql`(
	o.paid_at is not null or o.payment_processing_at is not null or o.payment_status not in ('pending', 'failed') or o.archived_at is not null
	or exists (
		select 1 from ${orders} other
		where lower(other.email) = lower(o.email) and other.id <> o.id and (other.created_at > o.created_at or other.paid_at > o.created_at)
	)
)`

type ClaimedReminder = { order_id: string; locale: string; email: string }

/**
 * Sends the one reminder of each consenting checkout left unpaid for `delayMs` (ADR 0269). A row is
 * claimed (sent_at set, SKIP LOCKED, its order locked against a payment meanwhile) and its email queued
 * in one transaction, so two instances never send it twice. Consents that can no longer lead to a
 * reminder (the order was paid, or another order followed) are forgotten. Returns how many were queued.
 */
export async function sendDueCheckoutReminders(deps: { db: DbExecutor; mail: OrderEmailContext; delayMs: number }): Promise<number> {
	await deps.db.execute(sql`
		delete from ${checkoutReminders} r using ${orders} o
		where o.id = r.order_id and r.sent_at is null and ${moot}`)
	let queued = 0
	for (;;) {
		const count = await deps.db.transaction(async (tx) => {
			const claimed = await queryRows<ClaimedReminder>(
				tx,
				sql`
				with due as (
					select r.order_id from ${checkoutReminders} r
					join ${orders} o on o.id = r.order_id
					where r.sent_at is null and r.consented_at <= now() - make_interval(secs => ${deps.delayMs / 1000}) and not ${moot}
					order by r.consented_at
					limit ${REMINDER_BATCH}
					for update of r skip locked
					for share of o skip locked
				)
				update ${checkoutReminders} r set sent_at = now()
				from due, ${orders} o
				where r.order_id = due.order_id and o.id = r.order_id
				returning r.order_id, r.locale, o.email`,
			)
			for (const reminder of claimed) await queueReminder(tx, deps.mail, reminder)
			return claimed.length
		})
		queued += count
		if (count < REMINDER_BATCH) return queued
	}
}

async function queueReminder(tx: DbExecutor, mail: OrderEmailContext, reminder: ClaimedReminder) {
	const locale: Locale = isLocale(reminder.locale) ? reminder.locale : 'ro'
	const t = reminderT(locale)
	const items = await tx
		.select({ productId: orderItems.productId, name: orderItems.name, quantity: orderItems.quantity })
		.from(orderItems)
		.where(eq(orderItems.orderId, reminder.order_id))
		.orderBy(asc(orderItems.name))
	const ids = items.flatMap((item) => (item.productId ? [item.productId] : []))
	const names = await currentProductNames(tx, locale, ids)
	await enqueueEmail(tx, {
		to: reminder.email,
		dedupeKey: `checkout-reminder:${reminder.order_id}`,
		...renderCustomerNudgeEmail({
			locale,
			subject: t('checkoutReminder.subject'),
			intro: t('checkoutReminder.intro'),
			lines: items.map((item) => `${item.quantity} × ${(item.productId && names.get(item.productId)) || item.name}`),
			action: { label: t('checkoutReminder.action'), href: cartRestoreUrl(mail.publicUrl, locale, mail.linkSecret, reminder.order_id) },
			why: t('checkoutReminder.why'),
			footer: shopFooter(mail.shopAddress, locale),
		}),
	})
}

/** The reminder job (CHECKOUT_REMINDER_INTERVAL_MS); claims rows in the database, so every instance may run it. */
export function createCheckoutReminderJob(deps: {
	db: DbExecutor
	mail: OrderEmailContext
	delayMs: number
	nudgeEmail: () => void
	intervalMs: number
	log: Logger
}) {
	return createPeriodicJob({
		name: 'checkout reminders',
		round: async () => {
			const queued = await sendDueCheckoutReminders(deps)
			if (queued > 0) {
				deps.log.info({ count: queued }, 'checkout reminders queued')
				deps.nudgeEmail()
			}
			return queued
		},
		onFailure: 0,
		intervalMs: deps.intervalMs,
		log: deps.log,
	})
}

import { eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { queryRows, type DbExecutor } from '#db/client.ts'
import { products, stockAlerts } from '#db/schema/index.ts'
import type { Locale } from '#domain/enums.ts'
import type { FormErrors } from '#domain/forms/submission.ts'
import { isLocale } from '#domain/i18n/negotiate.ts'
import { currentProductNames } from '../catalog/product-names.ts'
import { enqueueEmail } from '../email/outbox.ts'
import { renderCustomerNudgeEmail } from '../email/templates/customer-nudge.tsx'
import { reminderT } from './reminder-texts.ts'
import type { Logger } from '../logger.ts'
import { createPeriodicJob } from '../jobs/periodic-job.ts'
import { shopFooter, type OrderEmailContext } from '../orders/emails.ts'
import { localizedUrl } from '../public-url.ts'
import { hitRateLimit } from '../security/rate-limit.ts'

/** Sign-ups per visitor address, like the shop's other public forms: enough for a family, not for a list of addresses. */
export const STOCK_ALERT_RATE_LIMIT = { limit: 10, windowSeconds: 3600 }

/** Alerts one round claims at once; the round goes on until none is due. */
const ALERT_BATCH = 50

export type StockAlertOutcome =
	| { kind: 'waiting' }
	/** The product can be bought now: nothing is stored. */
	| { kind: 'in-stock' }
	/** No such product on sale (inactive, removed, or a product whose variants are what is sold). */
	| { kind: 'unavailable' }
	| { kind: 'rate-limited'; retryAfterSeconds: number }

/**
 * Stores a visitor's wish to hear when a sold-out product or variant is back (ADR 0269): the address,
 * the product, the page's language and the time. The product's row is read FOR SHARE, so a stock
 * raise committing meanwhile either waits for this row (and its trigger marks it due) or is seen here
 * (and the visitor is told it is back). Leaving the same address twice keeps one alert, in the latest language.
 */
export async function requestStockAlert(
	app: { db: DbExecutor; clientIp: string },
	input: { email: string; productId: string; locale: Locale },
): Promise<StockAlertOutcome> {
	const limit = await hitRateLimit(app.db, `stock-alert:${app.clientIp}`, STOCK_ALERT_RATE_LIMIT)
	if (!limit.allowed) return { kind: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds }
	const email = input.email.trim().toLowerCase()
	return app.db.transaction(async (tx) => {
		const [product] = await tx
			.select({ stock: products.stock, isActive: products.isActive, optionNames: products.optionNames })
			.from(products)
			.where(eq(products.id, input.productId))
			.for('share')
		if (!product || !product.isActive || product.optionNames.length > 0) return { kind: 'unavailable' as const }
		if (product.stock !== 0) return { kind: 'in-stock' as const }
		await tx
			.insert(stockAlerts)
			.values({ email, productId: input.productId, locale: input.locale })
			.onConflictDoUpdate({ target: [stockAlerts.productId, stockAlerts.email], set: { locale: input.locale, createdAt: sql`now()` } })
		return { kind: 'waiting' as const }
	})
}

type ClaimedAlert = { id: string; email: string; product_id: string; locale: string }

const parents = alias(products, 'parent_product')

/**
 * Sends the alerts the products trigger marked due (their stock rose from 0) whose product is on sale:
 * each row is deleted and its email queued in one transaction, the rows claimed with SKIP LOCKED, so
 * two instances or two rounds never send one twice and a failed round sends none of its batch.
 * Returns how many were queued.
 */
export async function sendDueStockAlerts(deps: { db: DbExecutor; mail: OrderEmailContext }): Promise<number> {
	let queued = 0
	for (;;) {
		const count = await deps.db.transaction(async (tx) => {
			const claimed = await queryRows<ClaimedAlert>(
				tx,
				sql`
				delete from ${stockAlerts} where id in (
					select a.id from ${stockAlerts} a
					join ${products} p on p.id = a.product_id
					left join ${products} parent on parent.id = p.variant_of
					where a.due_at is not null and p.is_active and (parent.id is null or parent.is_active)
					order by a.due_at
					limit ${ALERT_BATCH}
					for update of a skip locked
				)
				returning id, email, product_id, locale`,
			)
			if (claimed.length === 0) return 0
			const ids = [...new Set(claimed.map((alert) => alert.product_id))]
			const pages = await tx
				.select({ id: products.id, slug: products.slug, parentSlug: parents.slug })
				.from(products)
				.leftJoin(parents, eq(parents.id, products.variantOf))
				.where(inArray(products.id, ids))
			const pathOf = new Map(pages.map((row) => [row.id, row.parentSlug === null ? `/product/${row.slug}` : `/product/${row.parentSlug}?variant=${row.id}`]))
			const names = new Map<string, Map<string, string>>()
			for (const alert of claimed) {
				const locale: Locale = isLocale(alert.locale) ? alert.locale : 'ro'
				if (!names.has(locale)) names.set(locale, await currentProductNames(tx, locale, ids))
				const name = names.get(locale)!.get(alert.product_id) ?? ''
				const t = reminderT(locale)
				await enqueueEmail(tx, {
					to: alert.email,
					dedupeKey: `stock-alert:${alert.id}`,
					...renderCustomerNudgeEmail({
						locale,
						subject: t('stockAlert.emailSubject', { name }),
						intro: t('stockAlert.emailIntro', { name }),
						lines: [],
						action: { label: t('stockAlert.emailAction'), href: localizedUrl(deps.mail.publicUrl, locale, pathOf.get(alert.product_id) ?? '/catalog') },
						why: t('stockAlert.emailWhy'),
						footer: shopFooter(deps.mail.shopAddress, locale),
					}),
				})
			}
			return claimed.length
		})
		queued += count
		if (count < ALERT_BATCH) return queued
	}
}

/**
 * The alert job: a round now and then (STOCK_ALERT_INTERVAL_MS), and one soon after every catalogue
 * change an instance hears (services.ts nudges it), so an alert usually goes out seconds after the
 * stock rose. Claims rows in the database, so every instance may run it.
 */
export function createStockAlertJob(deps: { db: DbExecutor; mail: OrderEmailContext; nudgeEmail: () => void; intervalMs: number; log: Logger }) {
	return createPeriodicJob({
		name: 'back-in-stock alerts',
		round: async () => {
			const queued = await sendDueStockAlerts(deps)
			if (queued > 0) {
				deps.log.info({ count: queued }, 'back-in-stock alerts queued')
				deps.nudgeEmail()
			}
			return queued
		},
		onFailure: 0,
		intervalMs: deps.intervalMs,
		log: deps.log,
	})
}

/** What the form on a sold-out page says, in the page's language (given by the loader: see reminderT). */
export function stockAlertFormTexts(locale: Locale) {
	const t = reminderT(locale)
	return {
		title: t('stockAlert.title'),
		intro: `${t('stockAlert.intro')} ${t('stockAlert.note')}`,
		email: t('stockAlert.email'),
		submit: t('stockAlert.submit'),
	}
}

/** A refused sign-up's messages (keys of the form's schema) as text in `locale`. */
export function stockAlertErrors(locale: Locale, errors: FormErrors): FormErrors {
	const t = reminderT(locale)
	return {
		fieldErrors: Object.fromEntries(Object.entries(errors.fieldErrors).map(([field, message]) => [field, t(message)])),
		formError: errors.formError && t(errors.formError),
	}
}

/**
 * The product or variant a sign-up page is about: its name in `locale`, its page and whether it is
 * sold out; null when it is not on sale (or is a product whose variants are what is sold).
 */
export async function stockAlertProduct(db: DbExecutor, locale: Locale, productId: string) {
	const [row] = await db
		.select({
			id: products.id,
			slug: products.slug,
			stock: products.stock,
			isActive: products.isActive,
			optionNames: products.optionNames,
			parentSlug: parents.slug,
		})
		.from(products)
		.leftJoin(parents, eq(parents.id, products.variantOf))
		.where(eq(products.id, productId))
	if (!row || !row.isActive || row.optionNames.length > 0) return null
	const names = await currentProductNames(db, locale, [row.id])
	return {
		id: row.id,
		name: names.get(row.id) ?? '',
		path: row.parentSlug === null ? `/product/${row.slug}` : `/product/${row.parentSlug}?variant=${row.id}`,
		soldOut: row.stock === 0,
	}
}

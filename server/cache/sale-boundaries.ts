import { gt, or, sql } from 'drizzle-orm'
import type { DbExecutor } from '#db/client.ts'
import { products } from '#db/schema/index.ts'

/**
 * The next moment after `now` a sale starts or ends (ADR 0247), or null when none is planned. The
 * database announces every write of a sale, but nothing announces the moment a scheduled one starts
 * or ends: the caches must be emptied then by the clock.
 */
export async function nextSaleBoundary(db: DbExecutor, now: Date): Promise<Date | null> {
	const [row] = await db
		.select({
			starts: sql<Date | null>`min(case when ${products.saleStartsAt} > ${now.toISOString()}::timestamptz then ${products.saleStartsAt} end)`.mapWith(
				products.saleStartsAt,
			),
			ends: sql<Date | null>`min(case when ${products.saleEndsAt} > ${now.toISOString()}::timestamptz then ${products.saleEndsAt} end)`.mapWith(
				products.saleEndsAt,
			),
		})
		.from(products)
		.where(or(gt(products.saleStartsAt, now), gt(products.saleEndsAt, now)))
	const times = [row?.starts, row?.ends].filter((time): time is Date => time instanceof Date && !Number.isNaN(time.getTime()))
	return times.length ? new Date(Math.min(...times.map((time) => time.getTime()))) : null
}

/** A timer at most this long: past it the next boundary is read again (Node's timers also cap at ~24.8 days). */
const LONGEST_WAIT_MS = 6 * 60 * 60_000
/** Fired this long after the boundary, so a page rendered on the stroke of it is never kept from before. */
const AFTER_BOUNDARY_MS = 50

export type SaleBoundaryTimer = {
	/** Reads the next boundary again (after any announced catalogue change, or on listening again). */
	reschedule(): void
	stop(): void
}

/**
 * Empties the storefront caches (`onBoundary`) when a scheduled sale starts or ends, without any
 * write to announce it (ADR 0247). Each instance keeps its own timer from the database, so every
 * instance drops its pages at the same moment. A failed read is retried at the next announced
 * change or within LONGEST_WAIT_MS; until then the caches' own expiry bounds how late a page is.
 */
export function createSaleBoundaryTimer(options: {
	nextBoundary: (now: Date) => Promise<Date | null>
	onBoundary: () => void
	onError?: (error: unknown) => void
	now?: () => Date
}): SaleBoundaryTimer {
	const now = options.now ?? (() => new Date())
	let timer: NodeJS.Timeout | undefined
	let generation = 0
	let stopped = false
	const reschedule = () => {
		if (stopped) return
		const mine = ++generation
		options.nextBoundary(now()).then(
			(next) => {
				if (stopped || mine !== generation) return
				clearTimeout(timer)
				const wait = next ? next.getTime() - now().getTime() + AFTER_BOUNDARY_MS : Infinity
				const reached = wait <= LONGEST_WAIT_MS
				timer = setTimeout(
					() => {
						if (reached) options.onBoundary()
						reschedule()
					},
					Math.max(0, Math.min(wait, LONGEST_WAIT_MS)),
				)
				timer.unref()
			},
			(error: unknown) => options.onError?.(error),
		)
	}
	return {
		reschedule,
		stop() {
			stopped = true
			clearTimeout(timer)
		},
	}
}

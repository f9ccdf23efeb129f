/**
 * Which counters a sign-in attempt is held against, and how long a counter with `failures`
 * failed attempts makes the next attempt wait (ADR 0097). Pure: the database part is in
 * sign-in-throttle.ts.
 */

export type ThrottleReason = 'address' | 'account-address' | 'account' | 'device'

export type ThrottleCounter = { key: string; reason: ThrottleReason; freeFailures: number }

export const SIGN_IN_BACKOFF = {
	/** Failures one address may make, across all accounts, before it has to wait. */
	addressFreeFailures: 20,
	/** Failures on one account from one address (the usual guessing attack). */
	accountAddressFreeFailures: 5,
	/** Failures on one account from all addresses together (guessing spread over many addresses). */
	accountFreeFailures: 10,
	/** Failures from a browser the account signed in on before (its known-device cookie). */
	deviceFreeFailures: 5,
	/** The first wait; each further failure doubles it, up to the cap. */
	baseDelaySeconds: 30,
	maxDelaySeconds: 30 * 60,
	/** Failures are forgotten this long after the last one. */
	memorySeconds: 6 * 60 * 60,
}

/**
 * The counters an attempt is held against. A known device (a cookie signed after this account's
 * last successful sign-in in this browser) is held only against its own counter, so an attacker
 * guessing from elsewhere — even from the owner's address — never keeps the owner out. Every other
 * attempt is held per address, per account from that address and per account.
 */
export function throttleCounters(attempt: { email: string; address: string; deviceId: string | null }): ThrottleCounter[] {
	if (attempt.deviceId) return [{ key: `device:${attempt.deviceId}`, reason: 'device', freeFailures: SIGN_IN_BACKOFF.deviceFreeFailures }]
	return [
		{ key: `address:${attempt.address}`, reason: 'address', freeFailures: SIGN_IN_BACKOFF.addressFreeFailures },
		{ key: `account-address:${attempt.email}|${attempt.address}`, reason: 'account-address', freeFailures: SIGN_IN_BACKOFF.accountAddressFreeFailures },
		{ key: `account:${attempt.email}`, reason: 'account', freeFailures: SIGN_IN_BACKOFF.accountFreeFailures },
	]
}

/** The counters a successful sign-in clears. Never the address one: signing in to one's own account must not buy more guesses at others. */
export function countersClearedBySuccess(counters: ThrottleCounter[]): ThrottleCounter[] {
	return counters.filter((counter) => counter.reason !== 'address')
}

/** Seconds to wait after the `failures`-th failure: none while free, then 30 s, 60 s, 120 s … up to the cap. */
export function backoffSeconds(failures: number, freeFailures: number): number {
	if (failures < freeFailures) return 0
	const doublings = Math.min(failures - freeFailures, 30)
	return Math.min(SIGN_IN_BACKOFF.maxDelaySeconds, SIGN_IN_BACKOFF.baseDelaySeconds * 2 ** doublings)
}

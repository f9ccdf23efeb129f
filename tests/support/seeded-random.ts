/**
 * Randomness a failing run can replay (ADR 0104): a small seeded generator (mulberry32) instead of
 * Math.random. A suite takes its seed from an environment variable (e.g. FAULT_SEED) or draws one,
 * and names it in its describe title and its log, so the same choices can be made again.
 */
export type Random = {
	/** The seed this generator started from. */
	seed: number
	/** A number in [0, 1), like Math.random. */
	next(): number
	/** A whole number in [0, below). */
	int(below: number): number
}

export function seededRandom(seed: number): Random {
	let state = seed >>> 0
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	return { seed, next, int: (below) => Math.floor(next() * below) }
}

/** The seed in `variable` (a whole number), or a fresh one; logged either way so a failure can be replayed. */
export function seedFrom(variable: string): number {
	const value = process.env[variable]
	let seed: number
	if (value === undefined || value === '') seed = Math.floor(Math.random() * 2 ** 31)
	else {
		seed = Number(value)
		if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`${variable} must be a whole number ≥ 0, got ${JSON.stringify(value)}`)
	}
	console.info(`${variable}=${seed} (set it to replay this run's random choices)`)
	return seed
}

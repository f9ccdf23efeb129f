/**
 * Runs `work` for every item with at most `limit` running at once, and resolves with the results
 * in the items' order. A rejection stops new work from starting and is passed on once the work
 * already running has ended.
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
	const results: R[] = new Array(items.length)
	let next = 0
	let failure: { error: unknown } | undefined
	const worker = async () => {
		while (failure === undefined && next < items.length) {
			const index = next++
			try {
				results[index] = await work(items[index]!, index)
			} catch (error) {
				failure ??= { error }
			}
		}
	}
	await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
	if (failure) throw failure.error
	return results
}

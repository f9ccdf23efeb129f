/** Polls until `condition` holds, at most `timeoutMs`; throws with `what` if it never does. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, options: { timeoutMs: number; what: string; intervalMs?: number }) {
	const deadline = Date.now() + options.timeoutMs
	while (!(await condition())) {
		if (Date.now() > deadline) throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${options.what}`)
		await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200))
	}
}

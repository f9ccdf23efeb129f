/** The work's result, or a rejection once timeoutMs has passed without one. */
export async function withTimeout<T>(work: Promise<T>, timeoutMs: number, message = `no answer within ${timeoutMs} ms`): Promise<T> {
	let timer: NodeJS.Timeout | undefined
	try {
		return await Promise.race([
			work,
			new Promise<never>((_, reject) => {
				timer = setTimeout(() => reject(new Error(message)), timeoutMs)
			}),
		])
	} finally {
		clearTimeout(timer)
	}
}

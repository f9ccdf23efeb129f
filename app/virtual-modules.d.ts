declare module 'virtual:translation-chunks' {
	/** Built URL of each language's chunk, by language; empty in the browser and in development (vite.config.ts). */
	const urls: Partial<Record<string, string>>
	export default urls
}

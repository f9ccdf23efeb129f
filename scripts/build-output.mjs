/**
 * The build's warnings, less the one React Router's configuration loader makes Vite print: it
 * passes Vite an option Vite has deprecated (`envFile: false`) in a server no setting of ours
 * reaches (vite.config.ts corrects the other one). Nothing the owner can act on.
 */
export function withoutUpstreamDeprecations(text) {
	return text
		.split(/(?<=\n)/)
		.filter((line) => !line.includes('The `envFile` option is deprecated'))
		.join('')
}

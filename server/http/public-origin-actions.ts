import type { ServerBuild } from 'react-router'

/**
 * React Router runs its own CSRF check before every action: the Origin header must match the origin
 * of the request URL, or the action is refused with 400. Behind a load balancer that passes an
 * instance its own address as Host (nginx's default), the URL an instance sees is not the address
 * browsers use, so every form posted from PUBLIC_URL would be refused. sameOriginOnly has already
 * turned away any origin other than PUBLIC_URL's and the request's own; this lets React Router
 * accept PUBLIC_URL's too.
 */
export function allowPublicOriginActions(loadBuild: () => Promise<ServerBuild>, publicUrl: string): () => Promise<ServerBuild> {
	const publicHost = new URL(publicUrl).host
	let source: ServerBuild | undefined
	let patched: ServerBuild | undefined
	return async () => {
		const build = await loadBuild()
		// The build is loaded on every request (a new one after each edit in development): patch each once.
		if (build !== source || !patched) {
			const configured = Array.isArray(build.allowedActionOrigins) ? build.allowedActionOrigins : []
			source = build
			patched = { ...build, allowedActionOrigins: [...configured, publicHost] }
		}
		return patched
	}
}

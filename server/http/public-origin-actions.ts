import type { ServerBuild } from 'react-router'

/**
 * React Router runs its own CSRF check before every action: the Origin header must match the origin
 * of the request URL, or the action is refused with 400. Behind a load balancer that passes an
 * instance its own address as Host (nginx's default), the URL an instance sees is not the address
 * browsers use, so every form posted from PUBLIC_URL would be refused. sameOriginOnly has already
 * turned away any origin other than PUBLIC_URL's and the request's own; this lets React Router
 * accept PUBLIC_URL's too.
 */
export function withPublicOriginActions(build: ServerBuild, publicUrl: string): ServerBuild {
	const configured = Array.isArray(build.allowedActionOrigins) ? build.allowedActionOrigins : []
	return { ...build, allowedActionOrigins: [...configured, new URL(publicUrl).host] }
}

/**
 * The same for a build loaded per request (development, where each edit makes a new one): each
 * build is patched once. Production passes React Router the build itself, because a build given
 * as a function makes it rebuild its route tables on every request.
 */
export function allowPublicOriginActions(loadBuild: () => Promise<ServerBuild>, publicUrl: string): () => Promise<ServerBuild> {
	let source: ServerBuild | undefined
	let patched: ServerBuild | undefined
	return async () => {
		const build = await loadBuild()
		if (build !== source || !patched) {
			source = build
			patched = withPublicOriginActions(build, publicUrl)
		}
		return patched
	}
}

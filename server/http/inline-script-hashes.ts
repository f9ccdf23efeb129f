import crypto from 'node:crypto'

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const EXTERNAL = /\ssrc\s*=/i
/** JSON-LD and other data blocks are never run, so CSP does not apply to them. */
const DATA_BLOCK = /\stype\s*=\s*["']?application\/(?:ld\+)?json/i
const NONCE_SOURCE = /'nonce-[^']*'/

/** CSP sources ('sha256-…') allowing exactly the inline scripts of this HTML, each once. */
export function inlineScriptHashes(html: string): string[] {
	const hashes = new Set<string>()
	for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_ELEMENT)) {
		if (EXTERNAL.test(attributes) || DATA_BLOCK.test(attributes)) continue
		hashes.add(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`)
	}
	return [...hashes]
}

/**
 * The same policy with its per-response nonce replaced by the hashes of a stored page's inline
 * scripts: a page served many times cannot carry a fresh nonce, and hashes allow nothing else.
 * A policy without a nonce comes back unchanged.
 */
export function policyWithScriptHashes(policy: string, hashes: string[]): string {
	return policy.replace(NONCE_SOURCE, hashes.join(' '))
}

import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, policyWithScriptHashes } from './inline-script-hashes.ts'

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('inlineScriptHashes', () => {
	it('hashes the exact text of each inline script, module scripts included, once each', () => {
		const html = [
			'<html><head><script nonce="abc">window.__ctx = {"a":"ă"};</script>',
			'<script type="module" async nonce="abc">import "/assets/entry.js";\n</script>',
			'<script nonce="abc">window.__ctx = {"a":"ă"};</script></head></html>',
		].join('')
		expect(inlineScriptHashes(html)).toEqual([sha256('window.__ctx = {"a":"ă"};'), sha256('import "/assets/entry.js";\n')])
	})

	it('leaves out scripts loaded from a file and data blocks, which CSP does not run', () => {
		const html = '<script src="/assets/a.js"></script><script type="application/ld+json">{"@type":"Product"}</script><SCRIPT>run()</SCRIPT >'
		expect(inlineScriptHashes(html)).toEqual([sha256('run()')])
	})
})

describe('policyWithScriptHashes', () => {
	it("puts the hashes where the response's nonce was", () => {
		const policy = "default-src 'self';script-src 'self' 'nonce-r4nd0m==';object-src 'none'"
		expect(policyWithScriptHashes(policy, ["'sha256-a'", "'sha256-b'"])).toBe("default-src 'self';script-src 'self' 'sha256-a' 'sha256-b';object-src 'none'")
	})

	it('leaves a policy without a nonce alone', () => {
		expect(policyWithScriptHashes("script-src 'self'", ["'sha256-a'"])).toBe("script-src 'self'")
	})
})

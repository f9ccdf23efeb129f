import express, { type RequestHandler } from 'express'
import { contentDisposition } from './download.ts'

/**
 * Serves the local storage folder (mounted at /uploads). Stored names are random and never reused,
 * so files are immutable for a year. `?download=name.jpg` answers with
 * `Content-Disposition: attachment` under that name, for "download" links.
 */
export function serveLocalUploads(root: string): RequestHandler {
	return express.static(root, {
		immutable: true,
		maxAge: '1y',
		index: false,
		dotfiles: 'deny',
		fallthrough: false,
		redirect: false,
		setHeaders(res) {
			const wanted = (res as unknown as { req: express.Request }).req.query.download
			if (typeof wanted === 'string' && wanted.trim() !== '') res.setHeader('Content-Disposition', contentDisposition(wanted))
		},
	})
}

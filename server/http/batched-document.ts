import { Transform, type TransformCallback } from 'node:stream'

/**
 * React's output, passed on a batch at a time. React writes a document in 4 KB pieces and calls
 * `flush()` when it has written all it has for now; each piece passed on separately went through
 * the web stream, the compressor (a thread-pool job each) and the socket on its own, about a tenth
 * of a rendered page's CPU time (ADR 0140). A page with nothing pending goes out as one piece; a
 * page waiting on data (payment-success) still streams its shell first, then the rest.
 */
export class BatchedDocument extends Transform {
	private pieces: Buffer[] = []

	override _transform(piece: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
		this.pieces.push(piece)
		done()
	}

	/** Called by React after each batch of writes. */
	flush() {
		if (this.pieces.length === 0) return
		this.push(this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces))
		this.pieces = []
	}

	override _flush(done: TransformCallback) {
		this.flush()
		done()
	}
}

import { describe, expect, it } from 'vitest'
import { BatchedDocument } from './batched-document.ts'

function collect(stream: BatchedDocument) {
	const pieces: string[] = []
	stream.on('data', (piece: Buffer) => pieces.push(piece.toString()))
	return pieces
}

describe('BatchedDocument', () => {
	it('passes on what was written since the last flush as one piece', async () => {
		const stream = new BatchedDocument()
		const pieces = collect(stream)
		stream.write(new TextEncoder().encode('<html>'))
		stream.write(new TextEncoder().encode('<body>'))
		stream.flush()
		stream.write(new TextEncoder().encode('late'))
		stream.flush()
		stream.flush()
		stream.end(new TextEncoder().encode('</html>'))
		await new Promise((resolve) => stream.on('end', resolve))
		expect(pieces).toEqual(['<html><body>', 'late', '</html>'])
	})

	it('holds nothing back when the writer ends without flushing', async () => {
		const stream = new BatchedDocument()
		const pieces = collect(stream)
		stream.write('a')
		stream.end('b')
		await new Promise((resolve) => stream.on('end', resolve))
		expect(pieces).toEqual(['ab'])
	})
})

import net from 'node:net'
import { expect, it } from 'vitest'
import { startSmtpServer } from '../support/smtp.ts'
import { waitUntil } from '../support/wait.ts'

/**
 * The fault suite kills the shop while the test mail server holds a delivery open. A reset inside a
 * mail transaction must not crash the test run (smtp-server turns it into an 'error' event).
 */
it('survives a sender that resets its connection in the middle of a delivery', async () => {
	const smtp = await startSmtpServer()
	smtp.stall(true)
	try {
		const { port } = new URL(smtp.url)
		const socket = net.connect(Number(port), '127.0.0.1')
		const commands = ['EHLO shop.test\r\n', 'MAIL FROM:<shop@example.com>\r\n', 'RCPT TO:<ana@example.com>\r\n', 'DATA\r\n', 'Subject: x\r\n\r\nhi\r\n.\r\n']
		socket.on('data', () => {
			const next = commands.shift()
			if (next) socket.write(next)
		})
		socket.on('error', () => {})
		await waitUntil(() => commands.length === 0, { timeoutMs: 5_000, what: 'the message to be sent' })
		await waitUntil(() => smtp.held() === 1, { timeoutMs: 5_000, what: 'the stalled server to hold the message', intervalMs: 10 })
		socket.resetAndDestroy()
		await waitUntil(() => smtp.connectionErrors.length > 0, { timeoutMs: 5_000, what: 'the reset to reach the server' })
		expect(smtp.connectionErrors.map((error) => (error as NodeJS.ErrnoException).code)).toEqual(['ECONNRESET'])
		expect(smtp.received).toEqual([])
	} finally {
		await smtp.close()
	}
})

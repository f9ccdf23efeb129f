import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; raw: string }

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer(options: { failNext?: number } = {}) {
	const received: ReceivedMail[] = []
	let failuresLeft = options.failNext ?? 0
	let stalled = false
	/** Messages read in full while stalled, and left unanswered. */
	let held = 0
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, session, callback) {
			let raw = ''
			stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
			stream.on('end', () => {
				// Never answered: the sender stays mid-delivery until its connection dies.
				if (stalled) {
					held++
					return
				}
				if (failuresLeft > 0) {
					failuresLeft--
					const error = Object.assign(new Error('mailbox temporarily unavailable'), { responseCode: 451 })
					return callback(error)
				}
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((r) => r.address),
					raw,
				})
				callback()
			})
		},
	})
	// smtp-server re-emits every connection's socket errors on the server, and an 'error' event with
	// no listener throws. A sender killed mid-delivery (the fault suite) resets its connection:
	// that is the sender's fault being tested, not the mail server's.
	const connectionErrors: Error[] = []
	server.on('error', (error: Error) => connectionErrors.push(error))
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
	const { port } = server.server.address() as AddressInfo
	return {
		url: `smtp://127.0.0.1:${port}`,
		received,
		connectionErrors,
		failNext(count: number) {
			failuresLeft = count
		},
		/** While stalled, messages are read but never answered (nor kept): a mail server hanging mid-delivery. */
		stall(on: boolean) {
			stalled = on
		},
		/** How many messages the stalled server has read and left unanswered. */
		held: () => held,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

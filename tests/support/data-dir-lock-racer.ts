/**
 * One contender in the DATA_DIR lock race (server/data-dir-lock.test.ts), run as its own process
 * with `node --import tsx`. For each trial the parent names a folder and a moment; this process
 * spins until that moment (so both contenders start within microseconds), tries the lock, says
 * whether it got it, and keeps it until the parent says the trial is over.
 */
import { performance } from 'node:perf_hooks'
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../../server/data-dir-lock.ts'

type Start = { kind: 'start'; trial: number; dir: string; at: number }
type End = { kind: 'end'; trial: number }

const held = new Map<number, DataDirLock>()
const now = () => performance.timeOrigin + performance.now()

process.on('message', async (message: Start | End) => {
	if (message.kind === 'start') {
		while (now() < message.at) {
			// Spin: a timer would wake each contender at a different moment.
		}
		try {
			// What every start path calls first (server/main.ts, the command-line tools).
			held.set(message.trial, await acquireDataDirLock(message.dir))
			process.send!({ trial: message.trial, held: true })
		} catch (error) {
			process.send!({ trial: message.trial, held: false, error: error instanceof DataDirLockedError ? undefined : String(error) })
		}
	} else {
		held.get(message.trial)?.release()
		held.delete(message.trial)
		process.send!({ trial: message.trial, ended: true })
	}
})
process.send!({ ready: true })

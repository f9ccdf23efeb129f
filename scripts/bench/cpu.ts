import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

/** Clock ticks per second of /proc's CPU times (100 on Linux almost everywhere). */
function ticksPerSecond(): number {
	try {
		return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
	} catch {
		return 100
	}
}

const TICK_MS = 1000 / ticksPerSecond()

/**
 * User plus system CPU time a process has used so far, in milliseconds, read from outside
 * (/proc/<pid>/stat): the shop exposes nothing for it. Null where there is no /proc.
 */
export function processCpuMs(pid: number): number | null {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
		// Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is the 12th, stime the 13th.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		return (Number(fields[11]) + Number(fields[12])) * TICK_MS
	} catch {
		return null
	}
}

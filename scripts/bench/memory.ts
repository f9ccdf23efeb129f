import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

const SAMPLE_INTERVAL_MS = 100

/** Resident memory of a process in bytes: /proc on Linux, `ps` elsewhere; null once it has ended. */
export function residentBytes(pid: number): number | null {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
		const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
		if (match) return Number(match[1]) * 1024
	} catch {
		// no /proc (macOS) or the process is gone: ask ps
	}
	try {
		const kilobytes = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim())
		return Number.isFinite(kilobytes) && kilobytes > 0 ? kilobytes * 1024 : null
	} catch {
		return null
	}
}

/** Samples a process's resident memory every 100 ms until stopped; keeps the peak. */
export function sampleResidentMemory(pid: number) {
	let peakBytes = residentBytes(pid) ?? 0
	let samples = 0
	const timer = setInterval(() => {
		const bytes = residentBytes(pid)
		if (bytes === null) return
		samples++
		if (bytes > peakBytes) peakBytes = bytes
	}, SAMPLE_INTERVAL_MS)
	return {
		stop() {
			clearInterval(timer)
			return { peakBytes, samples }
		},
	}
}

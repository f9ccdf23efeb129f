import { spawn } from 'node:child_process'
import path from 'node:path'
import { PROJECT_ROOT } from './shop-process.ts'

export type CliResult = { code: number | null; stdout: string; stderr: string }

/** Runs one of the shop's commands (server/cli/*.ts) as `npm run` does, without blocking the test's event loop. */
export function runCli(script: string, args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
	const childEnv: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn' }
	for (const [key, value] of Object.entries(env)) if (value !== undefined) childEnv[key] = value
	const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(PROJECT_ROOT, script), ...args], {
		cwd: PROJECT_ROOT,
		env: childEnv,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let stdout = ''
	let stderr = ''
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
	return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })))
}

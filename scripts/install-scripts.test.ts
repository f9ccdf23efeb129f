import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>

/** The package name of a lockfile entry: its path's last `node_modules/` part ("node_modules/a/node_modules/@s/b" is "@s/b"). */
const packageName = (entry: string) => entry.slice(entry.lastIndexOf('node_modules/') + 'node_modules/'.length)

describe('install scripts', () => {
	it('are each decided in package.json, so `npm install` prints no install-scripts warning', () => {
		const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> }
		const decided = (read('package.json').allowScripts ?? {}) as Record<string, boolean>
		const withScripts = Object.entries(lock.packages).flatMap(([entry, info]) => (info.hasInstallScript ? [packageName(entry)] : []))
		// The lockfile does list some (esbuild's download of its binary): the check is about something.
		expect(withScripts.length).toBeGreaterThan(0)
		expect(withScripts.filter((name) => !(name in decided))).toEqual([])
	})
})

// The build stamp: a hash of every source file that goes into `build/`, written next to the build
// when it is made and compared by `npm start`, so a changed checkout is rebuilt before it runs
// (ADR 0110). Plain JavaScript: `npm start` runs it with bare Node, before anything is built.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Folders whose files the build reads (tests excluded), and single files that shape the build. */
export const SOURCE_FOLDERS = ['app', 'domain', 'server', 'db', 'public']
export const SOURCE_FILES = ['package.json', 'package-lock.json', 'react-router.config.ts', 'vite.config.ts', 'tsconfig.json']
const IGNORED = /(^|\/)(node_modules|\.react-router)(\/|$)|\.test\.tsx?$|(^|\/)\.DS_Store$/

/** Where the stamp lives inside the build folder. */
export const STAMP_FILE = 'source-stamp.json'

function listFiles(root, folder) {
	const found = []
	const walk = (relative) => {
		const absolute = path.join(root, relative)
		if (!fs.existsSync(absolute)) return
		for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
			const child = path.posix.join(relative, entry.name)
			if (IGNORED.test(child)) continue
			if (entry.isDirectory()) walk(child)
			else if (entry.isFile()) found.push(child)
		}
	}
	walk(folder)
	return found
}

/** `{ stamp, files }`: one hash for the whole source, and one per file (so a mismatch can be named). */
export function computeSourceStamp(root) {
	const names = [...SOURCE_FOLDERS.flatMap((folder) => listFiles(root, folder)), ...SOURCE_FILES.filter((file) => fs.existsSync(path.join(root, file)))].sort()
	const files = {}
	const whole = crypto.createHash('sha256')
	for (const name of names) {
		const hash = crypto
			.createHash('sha256')
			.update(fs.readFileSync(path.join(root, name)))
			.digest('hex')
			.slice(0, 16)
		files[name] = hash
		whole.update(`${name}\0${hash}\n`)
	}
	return { stamp: whole.digest('hex'), files }
}

export function writeSourceStamp(root, buildDir, stamp = computeSourceStamp(root)) {
	fs.writeFileSync(path.join(buildDir, STAMP_FILE), JSON.stringify({ ...stamp, builtAt: new Date().toISOString() }, null, '\t') + '\n')
}

export function readSourceStamp(buildDir) {
	try {
		return JSON.parse(fs.readFileSync(path.join(buildDir, STAMP_FILE), 'utf8'))
	} catch {
		return null
	}
}

/**
 * Why `build/` does not match the sources, in words, or null when it does. Names a few changed
 * files, so the person starting the shop sees what is being rebuilt.
 */
export function staleBuildReason(root, buildDir = path.join(root, 'build')) {
	if (!fs.existsSync(path.join(buildDir, 'server/index.js'))) return 'no build found'
	const built = readSourceStamp(buildDir)
	if (!built?.stamp || !built.files) return 'the build has no source stamp (it was made by an older version)'
	const current = computeSourceStamp(root)
	if (current.stamp === built.stamp) return null
	const changed = []
	for (const [name, hash] of Object.entries(current.files)) {
		if (built.files[name] === undefined) changed.push(`${name} (new)`)
		else if (built.files[name] !== hash) changed.push(name)
	}
	for (const name of Object.keys(built.files)) if (current.files[name] === undefined) changed.push(`${name} (removed)`)
	const shown = changed.slice(0, 5).join(', ') + (changed.length > 5 ? ` and ${changed.length - 5} more` : '')
	return `${changed.length} source file${changed.length === 1 ? '' : 's'} changed since the last build: ${shown}`
}

/** A short name for the build in `buildDir` (the start of its source stamp), or null when it has none. */
export function buildId(buildDir) {
	return readSourceStamp(buildDir)?.stamp?.slice(0, 12) ?? null
}

/** Copies the migrations into the build: the server applies the ones that shipped with its code. */
export function copyMigrationsIntoBuild(root, buildDir) {
	const target = path.join(buildDir, 'server', 'db', 'migrations')
	fs.rmSync(target, { recursive: true, force: true })
	fs.cpSync(path.join(root, 'db', 'migrations'), target, { recursive: true })
}

// The builds `npm run upgrade` keeps (ADR 0170). `build/` stays the one folder the shop runs from,
// but an upgrade never empties it: the new build is made in `builds/<id>/` while the shop runs on,
// then merged into `build/`, where the content-hashed files of the builds kept (the client's
// `assets/` and the server's code-split chunks) stay side by side. So a running shop keeps
// finding its own files after the switch, and a page loaded from the previous build still loads
// its scripts after the restart. The oldest builds beyond KEPT_BUILDS go, with the hashed files
// only they used. Plain JavaScript: `npm run upgrade` runs it with bare Node.
import fs from 'node:fs'
import path from 'node:path'
import { buildId, readSourceStamp } from './build-stamp.mjs'

export const BUILDS_FOLDER = 'builds'
/** The active build and the two before it: a page open across two upgrades still finds its scripts. */
export const KEPT_BUILDS = 3
/** Folders of a build whose files are named by their content: never replaced, only added or pruned. */
const HASHED_FOLDERS = ['client/assets', 'server/assets']

const buildsDir = (root) => path.join(root, BUILDS_FOLDER)
const activeDir = (root) => path.join(root, 'build')

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir, prefix = '') {
	if (!fs.existsSync(dir)) return []
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const relative = path.posix.join(prefix, entry.name)
		if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), relative)
		return entry.isFile() ? [relative] : []
	})
}

const isHashed = (file) => HASHED_FOLDERS.some((folder) => file.startsWith(`${folder}/`))

/** Copies `from` to `to` so that readers see the old file or the new one, never half of one. */
function replaceFile(from, to) {
	fs.mkdirSync(path.dirname(to), { recursive: true })
	const temporary = `${to}.${process.pid}.tmp`
	fs.copyFileSync(from, temporary)
	fs.renameSync(temporary, to)
}

/** The kept builds, oldest first: `{ id, dir, builtAt }`. */
export function keptBuilds(root) {
	const dir = buildsDir(root)
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
		.map((entry) => {
			const folder = path.join(dir, entry.name)
			return { id: entry.name, dir: folder, builtAt: readSourceStamp(folder)?.builtAt ?? '' }
		})
		.sort((a, b) => a.builtAt.localeCompare(b.builtAt))
}

/** The id of the build in `build/`, or null when there is none. */
export function activeBuildId(root) {
	return fs.existsSync(path.join(activeDir(root), 'server/index.js')) ? buildId(activeDir(root)) : null
}

/** A fresh folder for `npm run build` to write into (SHOP_BUILD_DIRECTORY). */
export function stagingDir(root) {
	const dir = path.join(buildsDir(root), `.staging-${process.pid}`)
	fs.rmSync(dir, { recursive: true, force: true })
	fs.mkdirSync(buildsDir(root), { recursive: true })
	return dir
}

/** Files away a finished staging build under its id; returns the id. */
export function keepStagedBuild(root, staging) {
	const id = buildId(staging)
	if (!id) throw new Error(`the build in ${staging} has no source stamp`)
	const target = path.join(buildsDir(root), id)
	if (fs.existsSync(target)) fs.rmSync(staging, { recursive: true, force: true })
	else fs.renameSync(staging, target)
	return id
}

/** Keeps a copy of the active build (made by `npm start` or `npm run build`) so it can be returned to. */
export function keepActiveBuild(root) {
	const id = activeBuildId(root)
	if (!id) return null
	const target = path.join(buildsDir(root), id)
	if (!fs.existsSync(target)) {
		const temporary = `${target}.${process.pid}.tmp`
		fs.rmSync(temporary, { recursive: true, force: true })
		// Not kept yet, so made by `npm run build` or `npm start`, which empty build/ first: every file in it is its own.
		fs.cpSync(activeDir(root), temporary, { recursive: true })
		fs.renameSync(temporary, target)
	}
	return id
}

/** Removes hashed files of `dir` not in `keep`. */
function prune(dir, keep) {
	for (const folder of HASHED_FOLDERS) {
		for (const file of filesUnder(path.join(dir, folder), folder)) if (!keep.has(file)) fs.rmSync(path.join(dir, file), { force: true })
	}
}

/**
 * Makes build `id` (in builds/) the active one: its hashed files are added to build/ first, then
 * every other file (the server's entry, the stamp, the migrations, the public files) replaced one by
 * one. A shop running from build/ keeps working: what it has loaded stays, and every hashed file it
 * may still load is there. Then the oldest builds beyond KEPT_BUILDS, and the hashed files only they used, go.
 */
export function activateBuild(root, id) {
	const source = path.join(buildsDir(root), id)
	const target = activeDir(root)
	const files = filesUnder(source)
	for (const file of files.filter(isHashed)) if (!fs.existsSync(path.join(target, file))) replaceFile(path.join(source, file), path.join(target, file))
	// The migrations are the build's own (ADR 0110): exactly its set, so a return to an older build drops newer ones.
	fs.rmSync(path.join(target, 'server/db'), { recursive: true, force: true })
	for (const file of files.filter((file) => !isHashed(file))) replaceFile(path.join(source, file), path.join(target, file))
	// Top-level public files the build no longer has.
	const own = new Set(files)
	for (const file of filesUnder(target)) if (!isHashed(file) && !own.has(file)) fs.rmSync(path.join(target, file), { force: true })

	const kept = keptBuilds(root)
	const dropped = kept.slice(0, Math.max(0, kept.length - KEPT_BUILDS)).filter((build) => build.id !== id)
	for (const build of dropped) fs.rmSync(build.dir, { recursive: true, force: true })
	const keep = new Set(keptBuilds(root).flatMap((build) => filesUnder(build.dir).filter(isHashed)))
	prune(target, keep)
}

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PROJECT_ROOT } from './shop-process.ts'

/**
 * A copy of this checkout in a temporary folder, as a fresh clone would be (the files git
 * tracks, as they are in the working tree), sharing node_modules through a symlink. With
 * `ownNodeModules`, it gets its own node_modules instead (hard links where the file system allows,
 * so removing packages from the copy leaves this checkout's alone) and this checkout's build.
 */
export async function copyCheckout(options: { ownNodeModules?: boolean } = {}): Promise<{ root: string; remove(): Promise<void> }> {
	const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-clone-'))
	const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).split('\0').filter(Boolean)
	for (const file of tracked) {
		const from = path.join(PROJECT_ROOT, file)
		if (!fs.existsSync(from)) continue // deleted in the working tree, not yet committed
		const to = path.join(root, file)
		fs.mkdirSync(path.dirname(to), { recursive: true })
		fs.copyFileSync(from, to)
	}
	const nodeModules = fs.realpathSync(path.join(PROJECT_ROOT, 'node_modules'))
	if (options.ownNodeModules) {
		copyTree(nodeModules, path.join(root, 'node_modules'))
		copyTree(path.join(PROJECT_ROOT, 'build'), path.join(root, 'build'))
	} else {
		fs.symlinkSync(nodeModules, path.join(root, 'node_modules'))
	}
	return { root, remove: () => fsp.rm(root, { recursive: true, force: true }) }
}

/** `cp -al` (hard links: quick, no extra space), or a real copy across file systems. */
function copyTree(from: string, to: string) {
	try {
		execFileSync('cp', ['-al', from, to], { stdio: 'pipe' })
	} catch {
		fs.rmSync(to, { recursive: true, force: true })
		execFileSync('cp', ['-a', from, to], { stdio: 'pipe' })
	}
}

import fs from 'node:fs'
import path from 'node:path'

/**
 * The shop's files hold password hashes, session tokens, the secret that signs cookies and order
 * links, customers' addresses and photos: only the account that runs the shop may read them
 * (ADR 0167). Folders are 0700 and files 0600 whatever the umask, which is also set to 077 at
 * start, so files that libraries create (PGlite's data files, mail) follow.
 */
export const PRIVATE_FILE_MODE = 0o600
export const PRIVATE_DIR_MODE = 0o700
/** The umask every shop process runs under: nothing it creates is readable by group or others. */
export const PRIVATE_UMASK = 0o077

/** Sets the process umask to PRIVATE_UMASK; returns the one it replaced. */
export function setPrivateUmask() {
	return process.umask(PRIVATE_UMASK)
}

/** Creates a folder (and its parents) owner-only, and makes an existing one so. */
export function makePrivateFolder(folder: string) {
	fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_DIR_MODE })
	fs.chmodSync(folder, PRIVATE_DIR_MODE)
}

/** What the group or others may do with a file: any bit of 0o077. */
const SHARED_BITS = 0o077

export type TreeCheck = {
	/** Folders (the top one included) that other accounts could enter: the data was reachable. */
	openFolders: string[]
	/** Files with group or other bits, made 0600 (behind private folders nobody else could reach them). */
	filesFixed: number
	/** Entries that could not be changed (owned by another account). */
	failed: string[]
}

/**
 * Walks `folder` and takes group and other permissions off everything in it: folders 0700, files
 * keep their owner bits (at least read and write) and lose the rest. Symbolic links are left alone
 * and not followed. PGlite creates its files 0666 whatever the umask; inside 0700 folders no other
 * account can reach them, and each start tightens them as well.
 */
export function makeTreePrivate(folder: string): TreeCheck {
	const check: TreeCheck = { openFolders: [], filesFixed: 0, failed: [] }
	const visit = (entry: string) => {
		let stat: fs.Stats
		try {
			stat = fs.lstatSync(entry)
		} catch {
			return // gone meanwhile
		}
		if (stat.isSymbolicLink()) return
		if ((stat.mode & SHARED_BITS) !== 0) {
			try {
				fs.chmodSync(entry, stat.isDirectory() ? PRIVATE_DIR_MODE : (stat.mode & 0o700) | PRIVATE_FILE_MODE)
				if (stat.isDirectory()) check.openFolders.push(entry)
				else check.filesFixed++
			} catch {
				check.failed.push(entry)
			}
		}
		if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name))
	}
	if (fs.existsSync(folder)) visit(folder)
	return check
}

/**
 * At start: DATA_DIR and BACKUP_DIR (and all in them) made owner-only. A folder others could enter
 * is said once, as a warning: what was in it may have been read (rotate APP_SECRET if in doubt).
 */
export function secureDataFolders(folders: string[], warn: (details: Record<string, unknown>, message: string) => void) {
	for (const folder of new Set(folders)) {
		const check = makeTreePrivate(folder)
		if (check.openFolders.length > 0)
			warn(
				{ folder, openFolders: check.openFolders.length, first: check.openFolders[0] },
				"other accounts on this machine could read the shop's data here; it is now owner-only (0700 folders, 0600 files). If others may have read it, set a new APP_SECRET and ask customers to sign in again",
			)
		if (check.failed.length > 0)
			warn({ folder, failed: check.failed.slice(0, 10) }, 'could not make these private (owned by another account?): fix their owner and permissions')
	}
}

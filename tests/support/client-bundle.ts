import fs from 'node:fs/promises'
import path from 'node:path'
import { COMPRESSIBLE } from '../../scripts/precompress.mjs'
import { PROJECT_ROOT } from './shop-process.ts'

/** What `npm run build` gives browsers: every file under build/client. */
export const CLIENT_BUILD_DIR = path.join(PROJECT_ROOT, 'build/client')

/**
 * Every file of the client build with its content as text (latin1, so binary files scan too); not
 * the compressed copies the build writes beside its text files, whose text is their original's.
 */
export async function readClientBuild(): Promise<{ file: string; text: string }[]> {
	const entries = await fs.readdir(CLIENT_BUILD_DIR, { recursive: true, withFileTypes: true })
	const files = entries
		.filter((entry) => entry.isFile() && !(/\.(br|gz)$/.test(entry.name) && COMPRESSIBLE.test(entry.name.slice(0, -3))))
		.map((entry) => path.join(entry.parentPath, entry.name))
	return Promise.all(files.map(async (file) => ({ file: path.relative(CLIENT_BUILD_DIR, file), text: (await fs.readFile(file)).toString('latin1') })))
}

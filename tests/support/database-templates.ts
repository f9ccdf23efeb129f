import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase } from '#db/client.ts'
import { migrationsFolder, runMigrations } from '#db/migrate.ts'
import { adminDatabaseUrl } from './postgres.ts'

/**
 * Migrated databases to copy from. Creating a PGlite cluster (initdb) and migrating it costs several
 * seconds of CPU, and the suites make hundreds of databases; copying a migrated one costs a fraction.
 * Each template is named by a hash of the migrations and the engine's version, so a changed migration
 * gets a template of its own and a stale one is never used. Builders race safely: each builds under
 * its own name and renames into place, and a loser drops its copy. Templates of other migration sets
 * are dropped only once they are a day old: another checkout on this machine (a branch with a
 * migration of its own) may be copying from one right now.
 */

const PREFIX = 'shop_template_'
const TEMPLATE_KEPT_MS = 24 * 60 * 60 * 1000

function listFiles(folder: string): string[] {
	return fs
		.readdirSync(folder, { withFileTypes: true })
		.flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(folder, entry.name)) : [path.join(folder, entry.name)]))
		.sort()
}

let cachedKey: string | undefined
/** What a template depends on: every migration file and the installed PGlite. */
function templateKey() {
	if (cachedKey) return cachedKey
	const hash = crypto.createHash('sha256')
	const folder = migrationsFolder()
	for (const file of listFiles(folder)) hash.update(path.relative(folder, file)).update('\0').update(fs.readFileSync(file))
	const pglite = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }
	hash.update(pglite.version)
	cachedKey = hash.digest('hex').slice(0, 16)
	return cachedKey
}

/** A migrated PGlite data directory (the shape DATA_DIR has) to copy; built once per migration set. */
export async function pgliteTemplate(): Promise<string> {
	const root = path.join(os.tmpdir(), 'shop-pglite-templates')
	const ready = path.join(root, templateKey())
	if (fs.existsSync(ready)) return ready
	fs.mkdirSync(root, { recursive: true })
	const building = fs.mkdtempSync(path.join(root, 'building-'))
	const handle = await openDatabase({ engine: 'pglite', dataDir: building })
	try {
		await runMigrations(handle)
	} finally {
		await handle.close()
	}
	try {
		fs.renameSync(building, ready)
	} catch {
		fs.rmSync(building, { recursive: true, force: true })
	}
	if (!fs.existsSync(ready)) throw new Error(`could not prepare the PGlite template in ${root}`)
	for (const old of fs.readdirSync(root)) {
		const folder = path.join(root, old)
		if (old !== templateKey() && !old.startsWith('building-') && Date.now() - fs.statSync(folder).mtimeMs > TEMPLATE_KEPT_MS)
			fs.rmSync(folder, { recursive: true, force: true })
	}
	// Marks when this template was last built or found, for the other checkouts' cleanup above.
	const now = new Date()
	fs.utimesSync(ready, now, now)
	return ready
}

/** A fresh migrated PGlite data directory, copied from the template. */
export async function copyOfPgliteTemplate(target: string) {
	await fs.promises.cp(await pgliteTemplate(), target, { recursive: true })
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: adminDatabaseUrl(), connectionTimeoutMillis: 5_000 })
	await client.connect()
	try {
		return await work(client)
	} finally {
		await client.end()
	}
}

/** The name of a migrated PostgreSQL database that new test databases are created from. */
export async function postgresTemplate(): Promise<string> {
	const name = `${PREFIX}${templateKey()}`
	const exists = await withAdmin(async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1)
	if (exists) return name
	const building = `${PREFIX}building_${crypto.randomBytes(5).toString('hex')}`
	await withAdmin((admin) => admin.query(`create database "${building}"`))
	const url = new URL(adminDatabaseUrl())
	url.pathname = `/${building}`
	const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 1 })
	try {
		await runMigrations(handle)
	} finally {
		await handle.close()
	}
	await withAdmin(async (admin) => {
		try {
			await admin.query(`alter database "${building}" rename to "${name}"`)
			await admin.query(`comment on database "${name}" is '${new Date().toISOString()}'`)
		} catch {
			await admin.query(`drop database if exists "${building}" with (force)`)
		}
		// Templates of other migration sets, built over a day ago: no checkout still testing uses them.
		const { rows } = await admin.query<{ datname: string; built: string | null }>(
			`select datname, shobj_description(oid, 'pg_database') as built from pg_database where datname like $1 and datname <> $2`,
			[`${PREFIX}%`, name],
		)
		for (const row of rows) {
			const age = Date.now() - Date.parse(row.built ?? '')
			if (!row.datname.startsWith(`${PREFIX}building_`) && !(age < TEMPLATE_KEPT_MS)) await admin.query(`drop database if exists "${row.datname}" with (force)`)
		}
	})
	return name
}

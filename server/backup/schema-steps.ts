import fs from 'node:fs/promises'
import path from 'node:path'
import { migrationsFolder } from '#db/migrate.ts'

export type JournalEntry = { idx: number; when: number; tag: string }
type Journal = { entries: JournalEntry[] } & Record<string, unknown>

async function readJournalFile(folder: string): Promise<Journal> {
	return JSON.parse(await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal
}

/** This shop's migrations, oldest first, as its own db/migrations journal lists them. */
export async function readJournal(): Promise<JournalEntry[]> {
	return (await readJournalFile(migrationsFolder())).entries
}

/**
 * A folder (inside `scratch`) holding this shop's own migrations up to and including `tag`: a
 * restore makes the schema the backup was taken at from the shop's code, never from the archive,
 * loads the rows, then applies the rest (ADR 0166). Null when the shop has no such migration (the
 * backup was made by a newer version).
 */
export async function migrationsUpTo(tag: string, scratch: string, source = migrationsFolder()): Promise<string | null> {
	const journal = await readJournalFile(source)
	const index = journal.entries.findIndex((entry) => entry.tag === tag)
	if (index < 0) return null
	const kept = journal.entries.slice(0, index + 1)
	const target = path.join(scratch, 'migrations-up-to-backup')
	await fs.mkdir(path.join(target, 'meta'), { recursive: true })
	for (const entry of kept) await fs.copyFile(path.join(source, `${entry.tag}.sql`), path.join(target, `${entry.tag}.sql`))
	await fs.writeFile(path.join(target, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }))
	return target
}

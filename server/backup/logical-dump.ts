import fs from 'node:fs/promises'
import path from 'node:path'

/** Runs one SQL statement and returns its rows: a PostgreSQL client or a PGlite transaction. */
export type SqlRunner = <T>(text: string, params?: unknown[]) => Promise<T[]>

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Tables the database fills itself from the others (ADR 0263, 0271): not backed up, counted again by the
 * restore once the rows they are made from are loaded.
 */
const DERIVED_TABLES = new Set(['customers', 'customer_changes', 'sales_line_days', 'sales_category_days', 'sales_order_days', 'sales_day_changes'])

/**
 * The shop's tables in an order where every table comes after the tables it references, so
 * rows can be loaded one table at a time with the foreign keys in force.
 */
export async function tablesInLoadOrder(run: SqlRunner): Promise<string[]> {
	const tables = (
		await run<{ name: string }>(
			`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
		)
	)
		.map((row) => row.name)
		.filter((table) => !DERIVED_TABLES.has(table))
	const references = await run<{ child: string; parent: string }>(
		`select child.relname as child, parent.relname as parent from pg_constraint c
		 join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid
		 join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = 'public'`,
	)
	const ordered: string[] = []
	const placed = new Set<string>()
	const visit = (table: string, path: Set<string>) => {
		if (placed.has(table) || path.has(table)) return
		path.add(table)
		for (const { child, parent } of references) if (child === table && parent !== table) visit(parent, path)
		placed.add(table)
		ordered.push(table)
	}
	for (const table of tables) visit(table, new Set())
	return ordered
}

async function writableColumns(run: SqlRunner, table: string) {
	const rows = await run<{ name: string }>(
		`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
		[table],
	)
	return rows.map((row) => row.name)
}

/** Rows per data file: a table of any size is written and loaded in pieces of bounded size. */
export const DUMP_CHUNK_ROWS = 2_000

/** data/<table>/<chunk>.json: chunks sort in load order by name. */
export function dataFileName(table: string, chunk: number) {
	return `data/${table}/${String(chunk).padStart(6, '0')}.json`
}

/**
 * Writes every row of every table as JSON arrays of at most DUMP_CHUNK_ROWS rows
 * (`data/<table>/<chunk>.json`), PostgreSQL's own text form of each value, so the same files load
 * into PGlite or PostgreSQL. Runs inside the caller's snapshot (a repeatable-read transaction), so
 * all tables are read at one moment; a cursor reads each table a chunk at a time. Returns the rows
 * per table and the files written (names relative to `folder`).
 */
export async function dumpTables(run: SqlRunner, folder: string): Promise<{ tables: Record<string, number>; files: string[] }> {
	const tables: Record<string, number> = {}
	const files: string[] = []
	for (const table of await tablesInLoadOrder(run)) {
		const columns = (await writableColumns(run, table)).map(quote).join(', ')
		await run(`declare dump_rows no scroll cursor for select row_to_json(t)::text as row from (select ${columns} from public.${quote(table)}) t`)
		tables[table] = 0
		for (let chunk = 0; ; chunk++) {
			const rows = await run<{ row: string }>(`fetch ${DUMP_CHUNK_ROWS} from dump_rows`)
			if (rows.length === 0 && chunk > 0) break
			const name = dataFileName(table, chunk)
			await fs.mkdir(path.join(folder, 'data', table), { recursive: true })
			await fs.writeFile(path.join(folder, name), `[${rows.map((row) => row.row).join(',\n')}]`, { mode: 0o600 })
			files.push(name)
			tables[table] += rows.length
			if (rows.length < DUMP_CHUNK_ROWS) break
		}
		await run('close dump_rows')
	}
	return { tables, files }
}

/**
 * Loads what dumpTables wrote (already checked against the signed manifest) into a database whose
 * schema the shop's own migrations just made, table by table in foreign-key order, chunk by chunk.
 */
export async function loadTables(run: SqlRunner, folder: string): Promise<Record<string, number>> {
	const counts: Record<string, number> = {}
	const known = new Set(await tablesInLoadOrder(run))
	const dumped = await fs.readdir(path.join(folder, 'data')).catch(() => [] as string[])
	const unknown = dumped.filter((table) => !known.has(table))
	if (unknown.length > 0) throw new Error(`the backup holds tables this schema does not have (${unknown.join(', ')})`)
	for (const table of known) {
		const chunks = (await fs.readdir(path.join(folder, 'data', table)).catch(() => [] as string[])).sort()
		const columns = (await writableColumns(run, table)).map(quote).join(', ')
		counts[table] = 0
		for (const chunk of chunks) {
			const rows = await fs.readFile(path.join(folder, 'data', table, chunk), 'utf8')
			const [result] = await run<{ count: number }>(
				`with inserted as (insert into public.${quote(table)} (${columns}) select ${columns} from json_populate_recordset(null::public.${quote(table)}, $1::json) returning 1)
				 select count(*)::int as count from inserted`,
				[rows],
			)
			counts[table] += result!.count
		}
	}
	// Sequences (serial or identity columns) continue after the restored rows.
	const sequences = await run<{ table: string; column: string; sequence: string }>(
		`select table_name as table, column_name as column, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
		 from information_schema.columns where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
	)
	for (const { table, column, sequence } of sequences) {
		await run(`select setval($1, coalesce((select max(${quote(column)}) from public.${quote(table)}), 1), (select count(*) > 0 from public.${quote(table)}))`, [
			sequence,
		])
	}
	return counts
}

/** Whether the database holds any of the shop's tables (a restore target must not). */
export async function databaseHasTables(run: SqlRunner): Promise<boolean> {
	const [row] = await run<{ count: number }>(`select count(*)::int as count from information_schema.tables where table_schema in ('public', 'drizzle')`)
	return row!.count > 0
}

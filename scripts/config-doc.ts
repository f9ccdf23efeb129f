/**
 * docs/configuration.md, written from the environment schema (server/config/env.ts): each
 * variable's description and "when unset" text come from its zod metadata, its default and allowed
 * values from the schema itself. `npm run docs:config` rewrites the file; `scripts/config-doc.test.ts`
 * fails when the file and the schema have drifted apart.
 *
 *   tsx scripts/config-doc.ts           rewrite docs/configuration.md
 *   tsx scripts/config-doc.ts --check   exit 1 (saying so) when it is out of date
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { z } from 'zod'
import { envSchema, FLAG, SENSITIVE_VARIABLE } from '../server/config/env.ts'

export const CONFIGURATION_DOC = path.resolve(import.meta.dirname, '../docs/configuration.md')

type Meta = { description?: string; whenUnset?: string }

/** Variables the shop does not read itself but a production start sets (docs/deploy.md, the Dockerfile). */
const RUNTIME_VARIABLES: [string, string][] = [
	[
		'MALLOC_ARENA_MAX',
		'Read by the C library (glibc, Linux) when the process starts. Production sets `2` (`docs/deploy.md`): without it a busy shop holds about 100 MB more; the shop logs a reminder at start when it is missing.',
	],
	[
		'NODE_OPTIONS',
		'Read by Node when the process starts. Production sets `--max-semi-space-size=8` (`docs/deploy.md`, the Dockerfile): a smaller young generation keeps an embedded shop rendering every page within its memory budget (ADR 0092).',
	],
]

/** Variables read by the tests and tools only, never by the shop. */
const TEST_VARIABLES: [string, string][] = [
	[
		'TEST_DATABASE_URL',
		'The PostgreSQL server the tests create (and drop) their temporary databases on. Default `postgres://postgres@127.0.0.1:5432/postgres`.',
	],
	['CHROMIUM_PATH', 'The Chromium the browser tests, Lighthouse and the benchmark drive. Default `/usr/bin/chromium`.'],
	['LOAD_DURATION_S', 'How long the load suite sends mixed traffic, in seconds. Default `60`; CI runs `20`.'],
]

function def(schema: z.ZodType) {
	return (schema as unknown as { _zod: { def: { type: string } & Record<string, unknown> } })._zod.def
}

/** The value a schema gives an unset variable, looking through wrappers (preprocessing, optional, transforms). */
function defaultOf(schema: z.ZodType): { value: unknown } | null {
	const d = def(schema)
	if (d.type === 'default' || d.type === 'prefault') return { value: d.defaultValue }
	if (d.type === 'pipe') return defaultOf(d.in as z.ZodType) ?? defaultOf(d.out as z.ZodType)
	if (d.type === 'optional' || d.type === 'nullable') return defaultOf(d.innerType as z.ZodType)
	return null
}

/** The allowed values of an enumeration, looking through the same wrappers. */
function choicesOf(schema: z.ZodType): string[] | null {
	const d = def(schema)
	// Flags are described once, at the top of the document.
	if (d.type === 'enum') return d === def(FLAG) ? null : Object.values(d.entries as Record<string, string>)
	if (d.type === 'pipe') return choicesOf(d.in as z.ZodType) ?? choicesOf(d.out as z.ZodType)
	if (d.type === 'optional' || d.type === 'nullable' || d.type === 'default') return choicesOf(d.innerType as z.ZodType)
	return null
}

function shown(value: unknown) {
	if (value === '') return '(empty)'
	return '`' + String(value) + '`'
}

export type DocumentedVariable = { name: string; description: string | undefined; unset: string; choices: string[] | null; secret: boolean }

export function documentedVariables(): DocumentedVariable[] {
	return Object.entries(envSchema.shape).map(([name, schema]) => {
		const meta = (z.globalRegistry.get(schema) ?? {}) as Meta
		const fallback = defaultOf(schema)
		return {
			name,
			description: meta.description,
			unset: meta.whenUnset ?? (fallback ? shown(fallback.value) : 'unset'),
			choices: choicesOf(schema),
			secret: SENSITIVE_VARIABLE.test(name),
		}
	})
}

function line(variable: DocumentedVariable) {
	const parts = [variable.description ?? '**Not described yet:** give it `.describe()` in `server/config/env.ts`.']
	if (variable.choices) parts.push(`One of ${variable.choices.map((choice) => '`' + choice + '`').join(', ')}.`)
	if (variable.secret) parts.push('A secret: error messages never repeat its value.')
	return `- **\`${variable.name}\`** (when unset: ${variable.unset}). ${parts.join(' ')}`
}

/** The document's text, formatted as `npm run format` would leave it. */
export async function renderConfigurationDoc(): Promise<string> {
	const text = [
		'# Configuration',
		'',
		'<!-- Generated from server/config/env.ts by `npm run docs:config`; edit the schema, not this file. -->',
		'',
		'Every variable is optional. They are checked when the shop starts: a bad value stops it with one line',
		'naming the variable and the problem. `npm start` also reads a `.env` file (see `.env.example`);',
		'variables set in the environment win over it. Flags take `true`/`false` (also `1`/`0`, `yes`/`no`),',
		'and an empty value counts as unset. Any of them may come from a file instead: `NAME_FILE=/path` sets',
		"`NAME` to that file's content when `NAME` itself is unset (how containers hand over secrets, ADR 0172).",
		'',
		'## Read by the shop',
		'',
		...documentedVariables().map(line),
		'',
		'## Read by Node and the C library',
		'',
		...RUNTIME_VARIABLES.map(([name, text]) => `- **\`${name}\`**. ${text}`),
		'',
		'## Read by the tests and tools',
		'',
		...TEST_VARIABLES.map(([name, text]) => `- **\`${name}\`**. ${text}`),
		'',
	].join('\n')
	return format(text, { ...(await resolveConfig(CONFIGURATION_DOC)), filepath: CONFIGURATION_DOC })
}

async function main() {
	const rendered = await renderConfigurationDoc()
	const undescribed = documentedVariables().filter((variable) => !variable.description)
	for (const variable of undescribed) console.warn(`config-doc: ${variable.name} has no description; add .describe() in server/config/env.ts`)
	const current = fs.existsSync(CONFIGURATION_DOC) ? fs.readFileSync(CONFIGURATION_DOC, 'utf8') : ''
	if (process.argv.includes('--check')) {
		if (current === rendered) return
		console.error('docs/configuration.md is out of date with server/config/env.ts: run npm run docs:config')
		process.exitCode = 1
		return
	}
	if (current !== rendered) fs.writeFileSync(CONFIGURATION_DOC, rendered)
	console.info(`docs/configuration.md: ${current === rendered ? 'already current' : 'written'}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()

import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The docs a newcomer reads stay short, true and in the repository: the README under 10 KB and naming
 * only commands, variables and files that exist; every ADR dated, with a status, and listed in the
 * index; and rules named by what they say, never by a section of a specification or an issue number
 * that the repository does not hold.
 */

const ROOT = path.resolve(import.meta.dirname, '..')
const DECISIONS = 'docs/decisions'
const README_LIMIT_BYTES = 10 * 1024

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')
/** The text without its inline code, where a link may be shown as an example. */
const withoutCode = (markdown: string) => markdown.replace(/`[^`\n]*`/g, '')

const packageScripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts)

/** Top-level docs: the README and docs/*.md (the ADRs record history and are checked apart). */
const guides = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : []))]

describe('README.md', () => {
	it(`stays under ${README_LIMIT_BYTES} bytes: reference material goes to docs/`, () => {
		expect(fs.statSync(path.join(ROOT, 'README.md')).size).toBeLessThanOrEqual(README_LIMIT_BYTES)
	})

	it('names only variables the configuration reference describes', () => {
		const documented = new Set([...read('docs/configuration.md').matchAll(/\*\*`([A-Z][A-Z0-9_]+)`\*\*/g)].map((match) => match[1]))
		const named = [...read('README.md').matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+)(?:=[^`]*)?`/g)].map((match) => match[1]!)
		expect(named.length).toBeGreaterThan(0)
		expect(named.filter((name) => !documented.has(name))).toEqual([])
	})
})

describe('README.md and docs/*.md', () => {
	it('name only npm commands that package.json has', () => {
		const missing = guides.flatMap((file) =>
			[...read(file).matchAll(/\bnpm run(?:\s+--silent)?\s+([a-z][\w:-]*)/g)]
				.map((match) => match[1]!)
				.filter((name) => !packageScripts.includes(name))
				.map((name) => `${file}: npm run ${name}`),
		)
		expect(missing).toEqual([])
	})

	it('link only to files that exist', () => {
		const broken = [...guides, `${DECISIONS}/README.md`].flatMap((file) =>
			[...withoutCode(read(file)).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
				.map((match) => match[1]!)
				.filter((target) => !/^[a-z]+:/.test(target))
				.filter((target) => !fs.existsSync(path.join(ROOT, path.dirname(file), target)))
				.map((target) => `${file} → ${target}`),
		)
		expect(broken).toEqual([])
	})
})

type Decision = { number: string; file: string; title: string; status: string }

/** Every ADR: its number, its title without the number, and its status line. */
function decisions(): Decision[] {
	return fs
		.readdirSync(path.join(ROOT, DECISIONS))
		.filter((file) => /^\d{4}-.+\.md$/.test(file))
		.sort()
		.map((file) => {
			const lines = read(`${DECISIONS}/${file}`).split('\n')
			const title = (lines[0] ?? '').replace(/^#\s*\d+\s*(?:\.|—|-)\s*/, '').trim()
			const status = lines.slice(1).find((line) => line.trim() !== '') ?? ''
			return { number: file.slice(0, 4), file, title, status }
		})
}

describe('architecture decision records', () => {
	const all = decisions()

	it('each has a title, then `Date: YYYY-MM-DD · Status: …`', () => {
		expect(all.length).toBeGreaterThan(90)
		const malformed = all.filter((adr) => adr.title === '' || !/^Date: \d{4}-\d{2}-\d{2} · Status: \S/.test(adr.status)).map((adr) => adr.file)
		expect(malformed).toEqual([])
	})

	it('are each listed once in docs/decisions/README.md, under a topic, with their title and their marks', () => {
		const index = read(`${DECISIONS}/README.md`)
		const entries = [...index.matchAll(/^- \[(\d{4})\]\(([^)]+)\) (.+)$/gm)].map((match) => ({ number: match[1]!, file: match[2]!, text: match[3]! }))
		const problems: string[] = []
		for (const adr of all) {
			const listed = entries.filter((entry) => entry.number === adr.number)
			if (listed.length !== 1) {
				problems.push(`${adr.file}: listed ${listed.length} times`)
				continue
			}
			const [entry] = listed
			if (entry!.file !== adr.file) problems.push(`${adr.number}: links to ${entry!.file}`)
			if (!entry!.text.startsWith(adr.title)) problems.push(`${adr.number}: the entry's text is not the title "${adr.title}"`)
			const status = adr.status.toLowerCase()
			for (const [said, mark] of [
				['superseded', 'superseded'],
				['merged into', 'merged into'],
				['amended by', 'amended'],
				['extended by', 'extended'],
			] as const)
				if (status.includes(said) && !entry!.text.includes(mark)) problems.push(`${adr.number}: its status says "${said}", its entry is not marked "${mark}"`)
		}
		for (const entry of entries) if (!all.some((adr) => adr.number === entry.number)) problems.push(`${entry.number}: listed, but no such ADR`)
		expect(problems).toEqual([])
	})

	it('agree on both sides of an amendment: the ADR amended names the one that amends it', () => {
		const byNumber = new Map(all.map((adr) => [adr.number, adr]))
		const problems = all.flatMap((adr) => {
			if (!/\b(?:amends|extends|supersedes|replaces|carries out)\b/i.test(adr.status)) return []
			const targets = [...adr.status.matchAll(/\b0\d{3}\b/g)].map((match) => match[0]).filter((number) => number !== adr.number)
			return targets
				.filter((number) => !byNumber.get(number)?.status.includes(adr.number))
				.map((number) => `${adr.number} amends ${number}, whose status does not name ${adr.number}`)
		})
		expect(problems).toEqual([])
	})
})

/** Where a rule might be named: the code, its tests and its docs (vendored validation artefacts aside). */
const SEARCHED = ['app', 'server', 'domain', 'db', 'scripts', 'tests', 'docs', 'README.md', 'CHANGELOG.md']
const SKIPPED = new Set(['node_modules', 'tests/support/einvoice'])
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|css|sql|json|ya?ml|html)$/

function textFiles(entry: string): string[] {
	if (SKIPPED.has(entry)) return []
	const full = path.join(ROOT, entry)
	if (!fs.existsSync(full)) return []
	if (fs.statSync(full).isFile()) return TEXT_FILE.test(entry) ? [entry] : []
	return fs.readdirSync(full).flatMap((name) => textFiles(`${entry}/${name}`))
}

/**
 * A section of the specification, or an issue by number: documents the repository does not hold.
 * A standard's section (`RFC 9110 §10.2.3`, `XML 1.0 §2.2`) names a public text and is fine.
 */
const OUTSIDE_REFERENCES: RegExp[] = [
	new RegExp(String.raw`\b[Ss]pec(?:'s)?\b[^\n]{0,12}\u00a7`),
	new RegExp(String.raw`\b[Ss]pec issue\b`),
	new RegExp(String.raw`\b[Ii]ssues? #?\d`),
	new RegExp(String.raw`(?<!(?:RFC \d+|XML 1\.0) )\u00a7 ?\d`),
]

describe('rules are named by their meaning', () => {
	it('never by a section of the specification or an issue number', () => {
		const found = SEARCHED.flatMap(textFiles).flatMap((file) =>
			read(file)
				.split('\n')
				.flatMap((line, index) => (OUTSIDE_REFERENCES.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
		)
		expect(found, 'say what the rule is (e.g. "the checkout shows its first error only") instead').toEqual([])
	})

	it('catches such a reference, and lets a standard’s section through', () => {
		const flagged = (line: string) => OUTSIDE_REFERENCES.some((pattern) => pattern.test(line))
		const section = '\u00a7'
		expect(flagged(`the first error only (spec ${section}5)`)).toBe(true)
		expect(flagged(`Spec ${section}2/${section}8: sign-out`)).toBe(true)
		expect(flagged(`the spec's ${section}8 message`)).toBe(true)
		expect(flagged(`as issue ${23} asks`)).toBe(true)
		expect(flagged(`Issue #${8} end to end`)).toBe(true)
		expect(flagged(`(${section}8, 'Nu s-a putut salva')`)).toBe(true)
		expect(flagged(`Retry-After (RFC 9110 ${section}10.2.3)`)).toBe(false)
		expect(flagged(`its Char production, XML 1.0 ${section}2.2`)).toBe(false)
		expect(flagged('an issue with the first payment')).toBe(false)
	})
})

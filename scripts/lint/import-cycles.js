/**
 * An ESLint rule that forbids import cycles between the project's own modules (ADR 0184). Two
 * modules that import each other load in an order that depends on which is reached first, so a
 * value read at the top of one can be `undefined`; a cycle also ties layers that should stand alone.
 *
 * The graph of the whole project is read once per ESLint process: every static `import` and
 * `export … from` counts, type-only ones too (they are erased at run time, but two modules that
 * need each other's types still belong together or below a third). A dynamic `import()` loads later
 * and does not count. Specifiers are resolved as Node and Vite do here: relative paths and the
 * package's `#…/*` imports, with or without extension. A whole `eslint .` pays about a second for it.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs']
const SKIPPED_FOLDERS = new Set(['node_modules', 'build', '.react-router', 'data', 'test-results', 'playwright-report', 'coverage', 'tmp', '.git'])

/** The keyword that starts the statement (or expression) a module specifier belongs to. */
const KEYWORD = /\b(?:import|export)\b/g

/**
 * The static imports of one module's source, as written. TypeScript's pre-processor finds the
 * specifiers (a scanner, several times faster than a parse); the words before each tell a dynamic one.
 */
export function importSpecifiers(text) {
	const found = []
	for (const reference of ts.preProcessFile(text, true, true).importedFiles) {
		// From the keyword that starts the statement to the specifier's opening quote (where pos points).
		const before = text.slice(Math.max(0, reference.pos - 2000), reference.pos)
		const start = [...before.matchAll(KEYWORD)].at(-1)
		if (!start) continue
		const head = before.slice(start.index)
		if (/^import\s*\(\s*$/.test(head)) continue
		found.push({ specifier: reference.fileName })
	}
	return found
}

function sourceFiles(folder, out = []) {
	for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
		if (entry.isDirectory()) {
			if (!SKIPPED_FOLDERS.has(entry.name)) sourceFiles(path.join(folder, entry.name), out)
		} else if (EXTENSIONS.some((extension) => entry.name.endsWith(extension)) && !entry.name.endsWith('.d.ts')) {
			out.push(path.join(folder, entry.name))
		}
	}
	return out
}

function existing(candidate) {
	for (const name of [
		candidate,
		...EXTENSIONS.map((extension) => candidate + extension),
		...EXTENSIONS.map((extension) => path.join(candidate, 'index' + extension)),
	]) {
		if (fs.existsSync(name) && fs.statSync(name).isFile()) return name
	}
	return null
}

/** The project file a specifier names, or null for a package or anything outside the project. */
function resolver(root) {
	const imports = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {}
	const patterns = Object.entries(imports).map(([key, target]) => [key.replace(/\*$/, ''), String(target).replace(/\*$/, '')])
	return (from, specifier) => {
		if (specifier.startsWith('.')) return existing(path.resolve(path.dirname(from), specifier))
		for (const [prefix, target] of patterns) {
			if (specifier.startsWith(prefix)) return existing(path.resolve(root, target + specifier.slice(prefix.length)))
		}
		return null
	}
}

/** Each module's imports of other project modules: file → [{ target }]. */
export function importGraph(root, files = sourceFiles(root)) {
	const resolve = resolver(root)
	const graph = new Map()
	for (const file of files) {
		const edges = []
		for (const { specifier } of importSpecifiers(fs.readFileSync(file, 'utf8'))) {
			const target = resolve(file, specifier)
			if (target) edges.push({ target })
		}
		graph.set(file, edges)
	}
	return graph
}

/** The strongly connected components with more than one module (or a module importing itself): Tarjan's algorithm. */
export function importCycles(graph) {
	let index = 0
	const indexes = new Map()
	const lowLinks = new Map()
	const stack = []
	const onStack = new Set()
	const cycles = []
	const visit = (start) => {
		// Iterative, so a long import chain cannot overflow the stack.
		const work = [{ node: start, edge: 0 }]
		indexes.set(start, index)
		lowLinks.set(start, index++)
		stack.push(start)
		onStack.add(start)
		while (work.length > 0) {
			const frame = work[work.length - 1]
			const edges = graph.get(frame.node) ?? []
			if (frame.edge < edges.length) {
				const next = edges[frame.edge++].target
				if (!indexes.has(next)) {
					indexes.set(next, index)
					lowLinks.set(next, index++)
					stack.push(next)
					onStack.add(next)
					work.push({ node: next, edge: 0 })
				} else if (onStack.has(next)) {
					lowLinks.set(frame.node, Math.min(lowLinks.get(frame.node), indexes.get(next)))
				}
				continue
			}
			work.pop()
			if (work.length > 0) {
				const parent = work[work.length - 1].node
				lowLinks.set(parent, Math.min(lowLinks.get(parent), lowLinks.get(frame.node)))
			}
			if (lowLinks.get(frame.node) === indexes.get(frame.node)) {
				const component = []
				let member
				do {
					member = stack.pop()
					onStack.delete(member)
					component.push(member)
				} while (member !== frame.node)
				const selfImport = (graph.get(frame.node) ?? []).some((edge) => edge.target === frame.node)
				if (component.length > 1 || selfImport) cycles.push(new Set(component))
			}
		}
	}
	for (const node of graph.keys()) if (!indexes.has(node)) visit(node)
	return cycles
}

/** A shortest chain of imports from `from` to `to` inside one cycle, both ends included. */
function chain(graph, from, to, members) {
	const previous = new Map([[from, null]])
	const queue = [from]
	while (queue.length > 0) {
		const node = queue.shift()
		if (node === to) break
		for (const { target } of graph.get(node) ?? []) {
			if (members.has(target) && !previous.has(target)) {
				previous.set(target, node)
				queue.push(target)
			}
		}
	}
	const names = []
	for (let node = to; node !== null && node !== undefined; node = previous.get(node)) names.unshift(node)
	return names
}

const analyses = new Map()

function analysisOf(root) {
	let analysis = analyses.get(root)
	if (!analysis) {
		const graph = importGraph(root)
		const cycleOf = new Map()
		for (const members of importCycles(graph)) for (const member of members) cycleOf.set(member, members)
		analysis = { graph, cycleOf, resolve: resolver(root) }
		analyses.set(root, analysis)
	}
	return analysis
}

export const noImportCycles = {
	meta: {
		type: 'problem',
		docs: { description: "Forbids import cycles between the project's modules" },
		schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
		messages: { cycle: 'Import cycle: {{path}}. Move what both need into a module below them.' },
	},
	create(context) {
		const root = context.options[0]?.root ?? context.cwd
		const file = context.filename
		const { graph, cycleOf, resolve } = analysisOf(root)
		const members = cycleOf.get(file)
		if (!members) return {}
		const check = (node) => {
			if (!node.source) return
			const target = resolve(file, node.source.value)
			if (!target || !members.has(target)) return
			const names = [file, ...chain(graph, target, file, members)].map((name) => path.relative(root, name))
			context.report({ node, messageId: 'cycle', data: { path: names.join(' → ') } })
		}
		return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
	},
}

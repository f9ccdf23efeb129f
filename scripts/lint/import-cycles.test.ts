import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCycles, importGraph, importSpecifiers } from './import-cycles.js'

const ROOT = path.resolve(import.meta.dirname, '../..')

describe('import cycles', () => {
	it('reads static imports and re-exports, type-only ones too, but not dynamic imports', () => {
		const source = [
			"import a from './a.ts'",
			"import type { B } from './b.ts'",
			"export { c } from './c.ts'",
			"export * from './e.ts'",
			"import './f.ts'",
			"import {\n\tx,\n\timportY,\n} from '#server/g.ts'",
			"const later = await import(\n\t'./d.ts'\n)",
		].join('\n')
		expect(importSpecifiers(source).map((found) => found.specifier)).toEqual(['./a.ts', './b.ts', './c.ts', './e.ts', './f.ts', '#server/g.ts'])
	})

	// Reads every module of the project: seconds on a busy 2-core machine.
	it('finds none in the project', () => {
		expect(importCycles(importGraph(ROOT)).map((cycle) => [...cycle].map((file) => path.relative(ROOT, file)))).toEqual([])
	}, 60_000)

	describe('npm run lint, on modules that import each other', () => {
		// Inside the project, so that the project's own ESLint configuration applies to it; removed afterwards.
		const fixture = path.join(ROOT, `import-cycle-fixture-${process.pid}`)
		beforeAll(() => {
			fs.mkdirSync(fixture)
			fs.writeFileSync(path.join(fixture, 'order.ts'), "import { type Invoice } from './invoice.ts'\n\nexport const order = (invoice: Invoice) => invoice.id\n")
			fs.writeFileSync(
				path.join(fixture, 'invoice.ts'),
				"import { order } from './order.ts'\n\nexport type Invoice = { id: string }\nexport const first = order\n",
			)
			fs.writeFileSync(
				path.join(fixture, 'report.ts'),
				"import { order } from './order.ts'\n\nexport const report = order\nexport const later = () => import('./lazy.ts')\n",
			)
			fs.writeFileSync(path.join(fixture, 'lazy.ts'), "import { report } from './report.ts'\n\nexport const lazy = report\n")
		})
		afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }))

		it('fails on each import of the cycle, and only there', async () => {
			const results = await new ESLint({ cwd: ROOT }).lintFiles([fixture])
			const cycles = Object.fromEntries(
				results.map((result) => [
					path.basename(result.filePath),
					result.messages.filter((message) => message.ruleId === 'shop/no-import-cycles').map((message) => message.message),
				]),
			)
			const name = path.basename(fixture)
			expect(cycles).toEqual({
				'invoice.ts': [`Import cycle: ${name}/invoice.ts → ${name}/order.ts → ${name}/invoice.ts. Move what both need into a module below them.`],
				'order.ts': [`Import cycle: ${name}/order.ts → ${name}/invoice.ts → ${name}/order.ts. Move what both need into a module below them.`],
				// A dynamic import back (report → lazy → report) loads later: no cycle.
				'lazy.ts': [],
				'report.ts': [],
			})
		}, 60_000)
	})
})

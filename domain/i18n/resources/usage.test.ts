import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import enInterface from './en.ts'
import emailEn from './email/en.ts'
import invoiceEn from './invoice/en.ts'
import admin from './admin/ro.ts'
import reviews from './reviews/en.ts'
import reminders from './reminders/en.ts'

/** What the server translates with: the interface texts, the order emails' and the invoice's (server/i18n.ts). */
const en = { ...enInterface, ...emailEn, ...invoiceEn }

const ROOTS = ['app', 'server', 'domain'].map((dir) => path.resolve(import.meta.dirname, '../../..', dir))

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		// Translation contexts such as 'product.name' name content fields, not interface text.
		if (entry.isDirectory()) return full.endsWith(path.join('server', 'translation')) ? [] : sourceFiles(full)
		return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : []
	})
}

function has(key: string, resource: object = en) {
	let node: unknown = resource
	for (const part of key.split('.')) {
		if (typeof node !== 'object' || node === null || !(part in node)) return false
		node = (node as Record<string, unknown>)[part]
	}
	return typeof node === 'string'
}

describe('interface text used in code', () => {
	it('every literal t("…") key and every translation-key message exists in English (and so, by the parity test, in ro and es)', () => {
		// The review texts are the server's only (server/i18n.ts), with the same keys in every language.
		const server = { ...en, ...reviews }
		const missing: string[] = []
		let count = 0
		for (const file of ROOTS.flatMap(sourceFiles)) {
			const source = fs.readFileSync(file, 'utf8')
			const keys = [
				...[...source.matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)].map((m) => m[1]!),
				// zod messages and action results carry keys as plain strings: 'contact.nameRequired'
				...[...source.matchAll(/'((?:contact|newsletter|catalog|product|review)\.[a-zA-Z]+)'/g)].map((m) => m[1]!),
			]
			for (const key of keys) {
				count++
				// The reminder texts are read on the server only (reminderT), from their own resources.
				if (!has(key, server) && !has(key, reminders)) missing.push(`${path.relative(process.cwd(), file)}: ${key}`)
			}
		}
		expect(count).toBeGreaterThan(50)
		expect(missing).toEqual([])
	})
})

describe('admin text used in code', () => {
	it('every literal adminT("…") key exists in the admin namespace', () => {
		const missing: string[] = []
		let count = 0
		for (const file of ROOTS.flatMap(sourceFiles)) {
			const source = fs.readFileSync(file, 'utf8')
			// adminT('products.title') and the row action labels' keys: toggle: 'products.toggleLabel'
			const keys = [...source.matchAll(/\badminT\(\s*'([a-zA-Z]+\.[\w.]+)'/g), ...source.matchAll(/\b(?:toggle|edit|delete): '(\w+\.\w+Label)'/g)].map(
				(m) => m[1]!,
			)
			for (const key of keys) {
				count++
				if (!has(key, admin)) missing.push(`${path.relative(process.cwd(), file)}: ${key}`)
			}
		}
		expect(count).toBeGreaterThan(200)
		expect(missing).toEqual([])
	})
})

/**
 * compose.yaml is safe to try on a server (ADR 0172). No container engine runs here, so the file is
 * parsed and held to its promises: only the shop is published; the try-out services (mail catcher,
 * storage console) need their profile and listen on 127.0.0.1 only; no credential is written in the
 * file: the credentials service makes them (its script is run here, as the container would run it);
 * the bucket is private and the shop serves its public files; the shop gets only variables it accepts.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { load } from 'js-yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { envSchema, parseEnv, SHOP_SERVED_UPLOADS } from '#server/config/env.ts'
import { readProjectFile } from '../support/container-files.ts'

type Service = {
	build?: string
	image?: string
	profiles?: string[]
	ports?: string[]
	entrypoint?: string[]
	command?: string[]
	environment?: Record<string, string>
	volumes?: string[]
	depends_on?: Record<string, unknown> | string[]
}
const text = readProjectFile('compose.yaml')
const compose = load(text) as { services: Record<string, Service> }
const services = Object.entries(compose.services)
const shop = compose.services.shop!
const environment = shop.environment!

/** What compose hands a container for `$$` (a literal dollar sign). */
const unescape = (script: string) => script.replaceAll('$$', '$')
/** The shell script of a service whose entrypoint is `/bin/sh -c SCRIPT`. */
function shellScript(service: Service) {
	expect(service.entrypoint?.slice(0, 2)).toEqual(['/bin/sh', '-c'])
	return unescape(service.entrypoint![2]!)
}

describe('compose.yaml', () => {
	it('has the shop, PostgreSQL, S3-compatible storage and a mail catcher', () => {
		const images = services.map(([, service]) => service.image ?? '')
		expect(shop.build).toBe('.')
		expect(images.some((image) => image.startsWith('postgres'))).toBe(true)
		expect(images.some((image) => image.startsWith('minio/minio'))).toBe(true)
		expect(images.some((image) => image.includes('mailpit'))).toBe(true)
	})

	it('publishes the shop only; the try-out services need their profile and listen on 127.0.0.1', () => {
		const published = services.filter(([, service]) => service.ports?.length)
		for (const [name, service] of published) {
			if (name === 'shop') {
				expect(service.profiles, name).toBeUndefined()
				continue
			}
			expect(service.profiles, name).toEqual(['try-out'])
			for (const port of service.ports!) expect(port, name).toMatch(/^127\.0\.0\.1:\d+:\d+$/)
		}
		// Started without a profile: the shop's port and nothing else.
		const byDefault = published.filter(([, service]) => !service.profiles)
		expect(byDefault.map(([name]) => name)).toEqual(['shop'])
		expect(shop.ports).toEqual(['3000:3000'])
		// The mail catcher (every customer email) and the storage console are the try-out services.
		const tryOut = services.filter(([, service]) => service.profiles?.includes('try-out')).map(([, service]) => service)
		expect(tryOut.some((service) => service.image?.includes('mailpit') && service.ports?.includes('127.0.0.1:8025:8025'))).toBe(true)
		expect(tryOut.some((service) => service.ports?.includes('127.0.0.1:9001:9001') && service.command?.join(' ').includes('minio:9001'))).toBe(true)
	})

	it('writes no credential into the file: each is read from a generated file', () => {
		for (const stale of ['shop-secret-key', 'shop:shop@', 'POSTGRES_PASSWORD:', 'MINIO_ROOT_PASSWORD:', 'APP_SECRET:']) expect(text).not.toContain(stale)
		for (const [name, service] of services) {
			for (const [variable, value] of Object.entries(service.environment ?? {})) {
				if (!/PASSWORD|SECRET|ACCESS_KEY|DATABASE_URL/.test(variable)) continue
				// A file from the credentials volume, or a value the owner sets in .env (empty by default).
				const fromFile = variable.endsWith('_FILE') && value.startsWith('/run/credentials/')
				const fromDotEnv = /^\$\{[A-Z_]+:-\}$/.test(value)
				expect(fromFile || fromDotEnv, `${name}.${variable}=${value}`).toBe(true)
			}
		}
	})

	describe('the credentials service', () => {
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-compose-credentials-'))
		afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))
		const isRoot = process.getuid?.() === 0
		// As the container runs it (root); elsewhere chown is left out, and so is the check of the owner.
		const script = (isRoot ? '' : 'chown() { :; }\n') + shellScript(compose.services.credentials!)
		const run = () => execFileSync('sh', ['-c', script], { env: { PATH: process.env.PATH, CREDENTIALS_DIR: folder }, encoding: 'utf8' })
		const read = (file: string) => fs.readFileSync(path.join(folder, file), 'utf8')

		it('makes every file the services read, random and private, once', () => {
			run()
			const referenced = new Set([...text.matchAll(/\/run\/credentials\/([a-z0-9-]+)/g)].map((match) => match[1]!))
			expect([...referenced].sort()).toEqual(['app-secret', 'database-url', 'postgres-password', 's3-access-key', 's3-secret-key'])
			for (const file of referenced) {
				const stat = fs.statSync(path.join(folder, file))
				expect(stat.mode & 0o077, file).toBe(0)
				expect(read(file).length, file).toBeGreaterThanOrEqual(32)
			}
			expect(read('postgres-password')).not.toBe(read('s3-secret-key'))
			expect(read('database-url')).toBe(`postgres://shop:${read('postgres-password')}@postgres:5432/shop`)
			// The shop (uid 1000) reads its own; PostgreSQL's password stays root's, read by its entrypoint.
			if (isRoot)
				for (const file of ['database-url', 'app-secret', 's3-access-key', 's3-secret-key']) expect(fs.statSync(path.join(folder, file)).uid, file).toBe(1000)
			// A second `up` keeps them: the database and the bucket were made with them.
			const before = Object.fromEntries([...referenced].map((file) => [file, read(file)]))
			run()
			for (const file of referenced) expect(read(file), file).toBe(before[file])
			// Another installation gets its own.
			const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-compose-credentials-'))
			execFileSync('sh', ['-c', script], { env: { PATH: process.env.PATH, CREDENTIALS_DIR: elsewhere } })
			expect(fs.readFileSync(path.join(elsewhere, 's3-secret-key'), 'utf8')).not.toBe(read('s3-secret-key'))
			fs.rmSync(elsewhere, { recursive: true, force: true })
		})

		it('gives the shop a configuration it accepts, credentials included', () => {
			run()
			const resolved = Object.fromEntries(
				Object.entries(environment).map(([name, value]) => [name, value.replace(/\/run\/credentials\//, `${folder}/`).replace(/^\$\{[A-Z_]+:-(.*)\}$/, '$1')]),
			)
			const env = parseEnv(resolved)
			expect(env.DATABASE_URL).toBe(read('database-url'))
			expect(env.APP_SECRET).toBe(read('app-secret'))
			expect(env.S3_SECRET_ACCESS_KEY).toBe(read('s3-secret-key'))
			expect(env.SMTP_URL).toBeUndefined()
		})
	})

	it('keeps the bucket private, and the shop serves its public files', () => {
		const bucket = shellScript(compose.services.bucket!)
		expect(bucket).toContain('mc anonymous set none local/shop-uploads')
		expect(bucket).not.toMatch(/anonymous set (download|public|upload)/)
		expect(environment.S3_PUBLIC_URL).toBe(SHOP_SERVED_UPLOADS)
		expect(compose.services.minio!.ports).toBeUndefined()
	})

	it("sets only variables the shop accepts, pointing at the other services, and the shop's data in a volume", () => {
		const accepted = new Set(Object.keys(envSchema.shape))
		for (const name of Object.keys(environment)) expect(accepted, name).toContain(name.replace(/_FILE$/, ''))
		expect(environment.S3_ENDPOINT).toBe('http://minio:9000')
		expect(shop.volumes).toContain('shop-data:/data')
		expect(shop.volumes).toContain('credentials:/run/credentials:ro')
	})
})

import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Alias, type InlineConfig, type Plugin } from 'vite'
import { reactRouterOncePerBuild } from './scripts/vite/react-router-once-per-build.ts'

const serverOnlyDirs = ['server', 'db'].map((dir) => path.resolve(import.meta.dirname, dir) + path.sep)

/**
 * Server code (database, secrets, adapters) lives in ./server and ./db. React Router strips
 * loaders and actions from the client build, so nothing there should ever be requested by it;
 * if something is, the build fails here instead of leaking server code to browsers.
 */
function serverOnlyFolders(): Plugin {
	return {
		name: 'server-only-folders',
		enforce: 'pre',
		load(id, options) {
			if (options?.ssr) return null
			if (serverOnlyDirs.some((dir) => id.startsWith(dir))) {
				throw new Error(`Server-only module ${path.relative(import.meta.dirname, id)} was imported by client code`)
			}
			return null
		},
	}
}

const TRANSLATION_CHUNKS = 'virtual:translation-chunks'
const TRANSLATION_RESOURCE = /\/domain\/i18n\/resources\/(\w+)\.ts$/

/**
 * `virtual:translation-chunks`: the URL of each language's chunk in the client build
 * (domain/i18n/resources/{lang}.ts, which entry.client imports dynamically), so that the server
 * render can have the browser fetch the page's language together with the other modules instead
 * of after entry.client has run (decision 0015). The client build runs before the server build, which
 * reads the names it noted; in the client build and in development the map is empty.
 */
function translationChunks(): Plugin {
	const urls: Record<string, string> = {}
	return {
		name: 'translation-chunks',
		resolveId(id) {
			return id === TRANSLATION_CHUNKS ? `\0${TRANSLATION_CHUNKS}` : null
		},
		load(id) {
			if (id !== `\0${TRANSLATION_CHUNKS}`) return null
			return `export default ${JSON.stringify(this.environment.name === 'client' ? {} : urls)}`
		},
		generateBundle(_options, bundle) {
			if (this.environment.name !== 'client') return
			for (const chunk of Object.values(bundle)) {
				const language = chunk.type === 'chunk' && chunk.isDynamicEntry ? TRANSLATION_RESOURCE.exec(chunk.facadeModuleId ?? '')?.[1] : undefined
				if (language) urls[language] = this.environment.config.base + chunk.fileName
			}
		},
	}
}

/**
 * React Router's production build (no development checks and warnings on every render), which its
 * package does not export: it ships it beside the default build, in dist/production. Taken by path
 * while it is there; a release without it builds with the package's default, with a warning, since
 * the shop still works, only slower (ADR 0180).
 */
function reactRouterProductionAliases(): Alias[] {
	const production = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '../production')
	const entries = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' }
	if (!Object.values(entries).every((file) => fs.existsSync(path.join(production, file)))) {
		console.warn(`react-router: no production build at ${production}; building with the package's default (development checks on every render, slower).`)
		return []
	}
	return Object.entries(entries).map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: path.join(production, file) }))
}

/**
 * React Router's own Vite servers (the child compiler of its plugin) still pass `envFile: false`,
 * which Vite 8 reports as deprecated on every start; this asks for the same thing the way Vite now
 * wants it, `envDir: false`, before Vite reads the option.
 */
function envDirInsteadOfEnvFile(): Plugin {
	return {
		name: 'env-dir-instead-of-env-file',
		enforce: 'pre',
		config(config) {
			// envFile is an option of Vite's inline config, the one React Router creates its servers with.
			const inline = config as InlineConfig
			if (inline.envFile !== false) return
			delete inline.envFile
			inline.envDir = false
		},
	}
}

export default defineConfig(({ command }) => ({
	// The production build of React Router in built bundles; the dev server keeps the package's default.
	// Both entry points, so browsers and the server each run one copy (the builds share no module).
	resolve: command === 'build' ? { alias: reactRouterProductionAliases() } : {},
	build: {
		// Fonts stay files, however small: the Content Security Policy loads fonts from the shop only, not from data: URLs.
		assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
	},
	environments: {
		// The server bundle starts from our Express entry, which imports the React Router build.
		// React Router's package gives Node its development build only (extra checks and warnings on
		// every render); the server bundle takes its production build instead, together with the two
		// adapters that import it, so one copy runs everything (ADR 0122).
		ssr: {
			build: { rollupOptions: { input: './server/index.ts' } },
			resolve: { noExternal: ['react-router', '@react-router/express', '@react-router/node'] },
		},
	},
	plugins: [envDirInsteadOfEnvFile(), serverOnlyFolders(), translationChunks(), reactRouterOncePerBuild(), tailwindcss(), reactRouter()],
}))

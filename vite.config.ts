import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

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

export default defineConfig({
	environments: {
		// The server bundle starts from our Express entry, which imports the React Router build.
		ssr: { build: { rollupOptions: { input: './server/index.ts' } } },
	},
	plugins: [serverOnlyFolders(), tailwindcss(), reactRouter()],
})

/**
 * The production server bundle's entry (vite builds it with the React Router server build) and,
 * in development, the module server.js loads through Vite.
 */
import 'react-router'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { startServer } from './main.ts'

export { startServer }

export function start(options: { clientBuildDir: string; vite?: ViteDevServer }) {
	return startServer({
		clientBuildDir: options.clientBuildDir,
		vite: options.vite,
		loadBuild: options.vite
			? () => options.vite!.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
			: () => import('virtual:react-router/server-build') as Promise<ServerBuild>,
	})
}

import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { computeSourceStamp, copyMigrationsIntoBuild, writeSourceStamp } from './scripts/build-stamp.mjs'
import { precompressClientBuild } from './scripts/precompress.mjs'

const root = import.meta.dirname
/** Taken as the build starts, so an edit made while it runs makes the next `npm start` rebuild. */
const sourcesAtStart = computeSourceStamp(root)

export default {
	ssr: true,
	// `npm run upgrade` builds into a folder of its own while the shop runs on build/ (ADR 0170).
	buildDirectory: process.env.SHOP_BUILD_DIRECTORY || 'build',
	future: {
		v8_middleware: true,
		v8_splitRouteModules: true,
		v8_passThroughRequests: true,
		v8_trailingSlashAwareDataRequests: true,
		v8_viteEnvironmentApi: true,
	},
	// Every build carries its own migrations, its client files compressed (ADR 0183) and the stamp of the
	// sources it was made from (ADR 0110), written last so that only a finished build is current.
	async buildEnd({ reactRouterConfig }) {
		const buildDir = path.resolve(root, reactRouterConfig.buildDirectory)
		copyMigrationsIntoBuild(root, buildDir)
		await precompressClientBuild(path.join(buildDir, 'client'))
		writeSourceStamp(root, buildDir, sourcesAtStart)
	},
} satisfies Config

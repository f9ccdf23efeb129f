import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { computeSourceStamp, copyMigrationsIntoBuild, writeSourceStamp } from './scripts/build-stamp.mjs'

const root = import.meta.dirname
/** Taken as the build starts, so an edit made while it runs makes the next `npm start` rebuild. */
const sourcesAtStart = computeSourceStamp(root)

export default {
	ssr: true,
	future: {
		v8_middleware: true,
		v8_splitRouteModules: true,
		v8_passThroughRequests: true,
		v8_trailingSlashAwareDataRequests: true,
		v8_viteEnvironmentApi: true,
	},
	// Every build carries its own migrations and the stamp of the sources it was made from (ADR 0110).
	buildEnd({ reactRouterConfig }) {
		const buildDir = path.resolve(root, reactRouterConfig.buildDirectory)
		copyMigrationsIntoBuild(root, buildDir)
		writeSourceStamp(root, buildDir, sourcesAtStart)
	},
} satisfies Config

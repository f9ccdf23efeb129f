import type { Config } from '@react-router/dev/config'

/** The framework floor (ADR 0122): the shop's React Router version and future flags, one route, no data. */
export default {
	ssr: true,
	future: { v8_middleware: true, v8_splitRouteModules: true, v8_passThroughRequests: true, v8_viteEnvironmentApi: true },
} satisfies Config

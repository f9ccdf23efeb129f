import { defineConfig } from 'vitest/config'

/** The system suites start the built shop as processes and drive it over HTTP; one file at a time. */
function systemProject(name: string) {
	return {
		test: {
			name,
			include: [`tests/${name}/**/*.test.ts`],
			environment: 'node',
			globalSetup: ['tests/support/integration-setup.ts'],
			testTimeout: 15 * 60_000,
			hookTimeout: 5 * 60_000,
			fileParallelism: false,
		},
	}
}

export default defineConfig({
	test: {
		projects: [
			{
				test: {
					name: 'unit',
					include: [
						'domain/**/*.test.ts',
						'app/**/*.test.{ts,tsx}',
						'server/**/*.test.ts',
						'db/**/*.test.ts',
						'scripts/**/*.test.ts',
						'tests/support/**/*.test.ts',
					],
					environment: 'node',
				},
			},
			{
				test: {
					name: 'integration',
					include: ['tests/integration/**/*.test.ts'],
					environment: 'node',
					globalSetup: ['tests/support/integration-setup.ts'],
					testTimeout: 60_000,
					hookTimeout: 120_000,
					// Two cores: files in parallel beyond two only fight over them.
					maxWorkers: 2,
				},
			},
			systemProject('load'),
			systemProject('faults'),
			systemProject('security'),
			systemProject('scale'),
			systemProject('ops'),
		],
	},
})

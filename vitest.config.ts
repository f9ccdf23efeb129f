import { defineConfig } from 'vitest/config'

/**
 * How long expect.poll waits for its condition in the suites on a database or a process: what they
 * wait for (a transaction, a notification, a job's round) can take seconds on a busy 2-core machine,
 * and a poll returns as soon as the condition holds, so a long limit costs nothing when all is well.
 */
const SLOW_MACHINE_POLL = { timeout: 20_000 }

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
			expect: { poll: SLOW_MACHINE_POLL },
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
					expect: { poll: SLOW_MACHINE_POLL },
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

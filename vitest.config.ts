import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		projects: [
			{
				test: {
					name: 'unit',
					include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'db/**/*.test.ts'],
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
		],
	},
})

import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{ ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'coverage/', 'bench/tmp/'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	{ files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
	{
		files: ['**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: {
			...reactHooks.configs.recommended.rules,
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			// Playwright fixtures take their dependencies as a destructured first argument, even when empty.
			'no-empty-pattern': 'off',
		},
	},
	{
		// Playwright fixtures call their `use` callback, which is not React's use().
		files: ['tests/e2e/**/*.ts'],
		rules: { 'react-hooks/rules-of-hooks': 'off' },
	},
	{
		files: ['app/**/*.{ts,tsx}'],
		ignores: ['app/routes/**', 'app/entry.server.tsx', 'app/root.tsx'],
		rules: {
			// Only route modules (whose loaders and actions are stripped from the browser build) may reach server code.
			'no-restricted-imports': ['error', { patterns: [{ group: ['#server/*', '#db/*'], message: 'Client code must not import server code; call it from a loader or action.' }] }],
		},
	},
)

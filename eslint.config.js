import { builtinModules } from 'node:module'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import { noImportCycles } from './scripts/lint/import-cycles.js'

/**
 * Import boundaries (ADR 0100): domain/ at the bottom, server/ and db/ above it, app/ on top.
 * domain/ is pure code shared by browser and server: nothing from app/, server/ or db/, no React,
 * no Node built-ins, and no relative path out of the folder. server/ and db/ never import app/;
 * db/ never imports server/.
 */
// Patterns that name `#…` imports are regexes: in a `group` (gitignore syntax) a leading # starts a comment.
const APP = { regex: '^(#app/|(\\.\\./)+app(/|$))', message: 'server/ and db/ must not import app/; move pure code to domain/.' }
const SERVER = { regex: '^(#server/|(\\.\\./)+server(/|$))', message: 'db/ must not import server/.' }
const DOMAIN_PURE = [
	{ regex: '^#(app|server|db|tests)/', message: 'domain/ imports nothing from app/, server/, db/ or tests/.' },
	{
		group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'react-router/*'],
		message: 'domain/ is free of React; keep components and hooks in app/.',
	},
]
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const NODE_BUILTINS = {
	regex: `^(node:|(${builtinModules.map(escapeRegex).join('|')})(/|$))`,
	message: 'domain/ runs in browsers too: no Node built-ins.',
}

/** domain/ files `depth` folders deep: going up `depth` times leaves domain/. */
function domainBoundary(depth, tests) {
	const dirs = 'domain/' + '*/'.repeat(depth - 1)
	const files = tests ? [`${dirs}*.test.ts`] : [`${dirs}*.ts`]
	const escape = { regex: `^(\\.\\./){${depth},}`, message: 'No relative import out of domain/.' }
	return {
		files,
		...(tests ? {} : { ignores: [`${dirs}*.test.ts`] }),
		rules: { 'no-restricted-imports': ['error', { patterns: [...DOMAIN_PURE, escape, ...(tests ? [] : [NODE_BUILTINS])] }] },
	}
}

export default tseslint.config(
	{
		ignores: [
			'build/',
			'builds/',
			'.react-router/',
			'node_modules/',
			'data/',
			'test-results/',
			'playwright-report/',
			'coverage/',
			'bench/tmp/',
			'bench/floor/build/',
			'bench/floor/.react-router/',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{ files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
	{
		// No module may import itself through others (ADR 0184).
		files: ['**/*.{ts,tsx,js,mjs}'],
		plugins: { shop: { rules: { 'no-import-cycles': noImportCycles } } },
		rules: { 'shop/no-import-cycles': 'error' },
	},
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
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{ regex: '^(#(server|db)/|(\\.\\./)+(server|db)(/|$))', message: 'Client code must not import server code; call it from a loader or action.' },
					],
				},
			],
		},
	},
	{
		// One guard layer (ADR 0103): route modules list a guard middleware (server/auth/guards.ts), never call one.
		files: ['app/routes/**/*.{ts,tsx}'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [
						{
							name: '#server/auth/session.ts',
							importNames: ['requireUser', 'requireEditor', 'requireAdmin'],
							message: 'Guard with route middleware (userOnly, editorOnly, adminOnly in #server/auth/guards.ts).',
						},
					],
				},
			],
		},
	},
	{
		files: ['server/**/*.{ts,tsx}'],
		rules: { 'no-restricted-imports': ['error', { patterns: [APP] }] },
	},
	{
		files: ['db/**/*.ts'],
		rules: { 'no-restricted-imports': ['error', { patterns: [APP, SERVER] }] },
	},
	{
		// Scripts (the launcher, upgrades, the benchmark) run without the test suites: what both need lives in scripts/lib (ADR 0184).
		files: ['scripts/**/*.{ts,mjs}'],
		ignores: ['scripts/**/*.test.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: [{ regex: '^(#tests/|(\\.\\./)+tests(/|$))', message: 'scripts/ must not import tests/; move what both need into scripts/lib.' }] },
			],
		},
	},
	...[1, 2, 3, 4, 5].flatMap((depth) => [domainBoundary(depth, false), domainBoundary(depth, true)]),
)

import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { envSchema } from '../server/config/env.ts'
import { CONFIGURATION_DOC, documentedVariables, renderConfigurationDoc } from './config-doc.ts'

describe('docs/configuration.md', () => {
	it('is what the environment schema gives (run `npm run docs:config` after changing server/config/env.ts)', async () => {
		expect(fs.readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(await renderConfigurationDoc())
	})

	it('names every variable the schema reads, with its description and what happens when it is unset', () => {
		const variables = documentedVariables()
		expect(variables.map((variable) => variable.name)).toEqual(Object.keys(envSchema.shape))
		const port = variables.find((variable) => variable.name === 'PORT')
		expect(port).toMatchObject({ description: 'HTTP port.', unset: '`3000`' })
		expect(variables.find((variable) => variable.name === 'PUBLIC_URL')?.unset).toBe('`http://localhost:PORT`')
		expect(variables.find((variable) => variable.name === 'TRANSLATE_PROVIDER')?.choices).toEqual(['none', 'libretranslate', 'deepl'])
		expect(variables.find((variable) => variable.name === 'STRIPE_SECRET_KEY')?.secret).toBe(true)
	})
})

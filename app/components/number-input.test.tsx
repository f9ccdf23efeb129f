import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MONEY, WHOLE } from '#domain/locale-number.ts'
import { NumberInput } from './number-input.tsx'

describe('NumberInput', () => {
	it('is always a text field, so the browser never reads, rounds or empties what was typed', () => {
		const html = renderToStaticMarkup(<NumberInput name="price" format={MONEY} defaultValue="27.5.0" {...{ type: 'number' }} />)
		expect(html).toContain('type="text"')
		expect(html).not.toContain('type="number"')
		expect(html).toContain('value="27.5.0"')
		expect(html).toContain('name="price"')
	})

	it('asks the phone for the keypad the field needs', () => {
		expect(renderToStaticMarkup(<NumberInput format={MONEY} />)).toContain('inputMode="decimal"')
		expect(renderToStaticMarkup(<NumberInput format={WHOLE} />)).toContain('inputMode="numeric"')
		// A sign needs the full keyboard: the numeric keypad has no minus on some phones.
		expect(renderToStaticMarkup(<NumberInput format={{ decimals: 0, signed: true }} />)).toContain('inputMode="text"')
	})
})

import type { InputHTMLAttributes } from 'react'
import type { NumberFormat } from '#domain/locale-number.ts'

export type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'step' | 'min' | 'max' | 'pattern'> & {
	/** What the field holds: MONEY (euro, read into cents) or WHOLE from domain/locale-number.ts, or a signed count. */
	format: NumberFormat
}

/**
 * The one input for a number or an amount, in the admin and the storefront (ADR 0220). It is a text
 * field: a type="number" field is read by the browser by its own locale rules (Chromium in Romanian
 * read "27,50" as 2750) and empties itself when it cannot read what was typed. Here the text is
 * posted as typed and read by parseLocaleNumber (domain/locale-number.ts) in the browser before
 * sending and again by the server, so "27,50", "27.50", "1.234,50" and "1 234,50" mean what their
 * writer means and anything else is refused with a message, keeping what was typed.
 */
export function NumberInput({ format, ...props }: NumberInputProps) {
	return (
		<input
			autoComplete="off"
			spellCheck={false}
			{...props}
			type="text"
			// The phone's keypad: with the locale's decimal separator for amounts, a sign only where it may be typed.
			inputMode={format.signed ? 'text' : format.decimals > 0 ? 'decimal' : 'numeric'}
			data-number-input={format.decimals > 0 ? 'decimal' : 'whole'}
		/>
	)
}

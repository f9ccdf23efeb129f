import type { InputHTMLAttributes } from 'react'

/** A labelled input with an optional hint; the error (if any) is announced and tied to the input. */
export function Field({
	label,
	hint,
	error,
	id,
	...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string; error?: string }) {
	const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-medium">
				{label}
			</label>
			<input
				id={id}
				aria-describedby={described}
				aria-invalid={error ? true : undefined}
				className="mt-1 w-full rounded-lg border border-muted/40 bg-white px-3 py-2"
				{...input}
			/>
			{hint ? (
				<p id={`${id}-hint`} className="mt-1 text-xs text-muted">
					{hint}
				</p>
			) : null}
			{error ? (
				<p id={`${id}-error`} className="mt-1 text-sm text-danger">
					{error}
				</p>
			) : null}
		</div>
	)
}

export const primaryButton = 'btn-primary w-full'

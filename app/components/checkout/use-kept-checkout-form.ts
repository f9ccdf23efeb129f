import { useEffect, useRef, useState } from 'react'
import { CHECKOUT_FORM_STORAGE_KEY, CHECKOUT_LIMITS, type CheckoutField } from '#domain/forms/checkout-fields.ts'
import { countryCode } from '#domain/shipping.ts'

export type CheckoutFormState = Record<CheckoutField, string>

/** Saved data, possibly from an older version of the page, read into the form's fields. */
function readSaved(raw: string, shippedTo: readonly string[]): Partial<CheckoutFormState> {
	const saved: unknown = JSON.parse(raw)
	if (!saved || typeof saved !== 'object') return {}
	const merged: Partial<CheckoutFormState> = {}
	for (const [key, value] of Object.entries(saved)) {
		const field = key === 'full_name' ? 'fullName' : key === 'postal_code' ? 'postalCode' : key
		if (!(field in CHECKOUT_LIMITS) || typeof value !== 'string' || value === '') continue
		// The country is a code (ADR 0102); saved data from before held its name.
		if (field === 'country') {
			const code = countryCode(value)
			if (code && shippedTo.includes(code)) merged.country = code
			continue
		}
		merged[field as CheckoutField] = value
	}
	return merged
}

/**
 * The checkout form's fields, kept across leaving the page: what the customer typed is saved when
 * they leave (the terms link, signing in, the payment page) and merged back in once when they
 * return; the payment-success page forgets it once the order is paid.
 */
export function useKeptCheckoutForm(initial: { email: string; country: string }, shippedTo: readonly string[]) {
	const [form, setForm] = useState<CheckoutFormState>({
		fullName: '',
		email: initial.email,
		phone: '',
		address: '',
		city: '',
		postalCode: '',
		country: initial.country,
		notes: '',
		company: '',
		vatNumber: '',
		cnp: '',
	})
	const savedFormRead = useRef(false)
	useEffect(() => {
		try {
			const raw = window.localStorage.getItem(CHECKOUT_FORM_STORAGE_KEY)
			if (!raw) return
			window.localStorage.removeItem(CHECKOUT_FORM_STORAGE_KEY)
			const merged = readSaved(raw, shippedTo)
			// eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage can only be read once hydrated
			setForm((current) => ({ ...current, ...merged }))
		} catch {
			// unreadable saved data is ignored
		} finally {
			savedFormRead.current = true
		}
		// Once, on arrival: the shop's country list does not change while the page is open.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])
	const latestForm = useRef(form)
	useEffect(() => {
		latestForm.current = form
	}, [form])
	useEffect(() => {
		const keep = () => {
			if (!savedFormRead.current) return
			try {
				window.localStorage.setItem(CHECKOUT_FORM_STORAGE_KEY, JSON.stringify(latestForm.current))
			} catch {
				// storage full or refused: the form still works, it just is not kept
			}
		}
		window.addEventListener('pagehide', keep)
		return () => {
			window.removeEventListener('pagehide', keep)
			keep()
		}
	}, [])
	const setField = (name: CheckoutField, value: string) => setForm((current) => ({ ...current, [name]: value }))
	return { form, setField }
}

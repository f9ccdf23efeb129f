import * as z from 'zod/mini'

/**
 * What every admin edit form sends besides its fields (ADR 0225): the version of the record it
 * loaded (`version`) and the values it loaded (`loaded`, JSON in the form's own shape). The server
 * refuses a save over a newer version, naming the fields that differ, and writes only the fields
 * whose typed value differs from the loaded one, so a field the admin did not touch never
 * overwrites a newer value.
 */
export type EditStamp<Input> = {
	/** The version the form loaded; absent on a new record (and from a client that does not say, which writes every field). */
	version?: number
	/** The loaded values read with the form's schema; null when they no longer pass it (then every field counts as typed). */
	loaded?: Input | null
}

const BAD_VERSION = 'Versiunea formularului nu este validă; reîncarcă pagina'

/** A posted version: a whole number as text (a form) or a number (JSON). */
const versionField = z.optional(
	z.pipe(
		z.union([z.string(), z.number()], { error: BAD_VERSION }),
		z.transform((value: string | number, payload) => {
			const text = String(value).trim()
			if (/^\d{1,9}$/.test(text)) return Number(text)
			payload.issues.push({ code: 'custom', message: BAD_VERSION, input: value })
			return z.NEVER
		}),
	),
)

/** A JSON object posted as text (a form) or as it is (a JSON body); anything else is null. */
function jsonObject(value: unknown): unknown {
	if (typeof value !== 'string') return value
	try {
		return JSON.parse(value) as unknown
	} catch {
		return null
	}
}

/** The two stamp fields, to add to a form's object schema (a variant of a discriminated union, say). */
export function editStampShape<Schema extends z.ZodMiniType<object>>(schema: Schema) {
	return {
		version: versionField,
		loaded: z.optional(z.catch(z.nullable(z.pipe(z.transform(jsonObject), schema)), null)),
	}
}

/**
 * The form's schema plus its stamp: the output is the form's input with `version` and `loaded`.
 * The loaded values go through the same schema, so "27.5" and "27.50" compare equal.
 */
export function withEditStamp<Schema extends z.ZodMiniType<object>>(schema: Schema) {
	const stamp = z.object(editStampShape(schema))
	return z.pipe(
		z.intersection(schema, stamp),
		z.transform((value) => value as z.output<Schema> & EditStamp<z.output<Schema>>),
	)
}

/** Whether two values of a field are the same (lists, numbers, texts and nulls alike). */
export function sameValue(a: unknown, b: unknown) {
	return JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
}

/** The keys among `keys` whose values differ between two versions of a record. */
export function differingKeys<Key extends string>(keys: readonly Key[], before: Partial<Record<Key, unknown>>, after: Partial<Record<Key, unknown>>): Key[] {
	return keys.filter((key) => !sameValue(before[key], after[key]))
}

import * as z from 'zod/mini'
import { differingKeys, type EditStamp } from '#domain/forms/edit-version.ts'
import { adminT, adminText } from '#domain/i18n/admin.ts'
import { AdminInputError } from './errors.ts'

/**
 * A save refused because the record changed since the form loaded it (ADR 0225). It names the
 * fields that differ, and carries what the form needs to offer "apply my changes on top": the
 * current version, the current values in the form's shape, and those of them the admin did not
 * type (they replace the stale ones in the form, so a second save writes only the admin's own).
 */
export class EditConflictError extends AdminInputError {
	override name = 'EditConflictError'
	constructor(
		readonly changed: string[],
		readonly version: number,
		readonly current: Record<string, unknown>,
		readonly fresh: Record<string, unknown>,
	) {
		super(adminT('conflict.message', { fields: changed.map((field) => adminText(`conflict.fields.${field}`) ?? field).join(', ') }), 409)
	}
}

/** The record as it is now: its version and its values in the form's shape (what the loader shows). */
export type CurrentRecord = { version: number; values: Record<string, unknown> }

/**
 * The one check every admin edit makes, inside the transaction that holds the record's row lock
 * (so no other save can slip in between the check and the write). `fields` are the form's
 * versioned fields, by their names in the form and in the schema's output.
 *
 * - A form that loaded an older version is refused (EditConflictError, 409) when any of those
 *   fields now differs from what it loaded; when none does (someone saved the same values, or
 *   changed only what the form does not show) the save goes ahead.
 * - It returns the fields to write: those whose typed value differs from the loaded one. A client
 *   that sent no version writes every field, as before versions existed.
 */
export function checkEdit<Input extends object, Key extends keyof Input & string>(options: {
	schema: z.ZodMiniType<Input>
	fields: readonly Key[]
	typed: Input & EditStamp<Input>
	current: CurrentRecord
}): Key[] {
	const { schema, fields, typed, current } = options
	if (typed.version === undefined) return [...fields]
	const loaded = typed.loaded ?? null
	const touched = loaded ? differingKeys(fields, loaded, typed) : [...fields]
	if (typed.version === current.version) return touched
	const parsed = z.safeParse(schema, current.values)
	const now = parsed.success ? parsed.data : null
	const changed = now ? differingKeys(fields, loaded ?? typed, now) : [...fields]
	if (changed.length === 0) return touched
	const fresh = Object.fromEntries(fields.filter((field) => !touched.includes(field)).map((field) => [field, current.values[field]]))
	throw new EditConflictError(changed, current.version, current.values, fresh)
}

/** Only the named keys of an object of column values. */
export function pickColumns<Values extends object, Key extends keyof Values>(values: Values, keys: readonly Key[]): Partial<Values> {
	return Object.fromEntries(keys.map((key) => [key, values[key]])) as unknown as Partial<Values>
}

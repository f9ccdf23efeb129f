/**
 * `npm run users -- create --email E --password P [--role admin|editor] [--name N]`
 * `npm run users -- grant|revoke --email E --role admin|editor`
 * On the embedded database the shop must be stopped (the DATA_DIR lock); on PostgreSQL any time.
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { ROLES } from '#domain/enums.ts'
import { createAuth } from '../auth/auth.ts'
import { AccountError, createAccount, findUserIdByEmail, PASSWORD_PROBLEMS } from '../auth/bootstrap.ts'
import { passwordProblem } from '../auth/password-policy.ts'
import { grantRole, isRole, revokeRole } from '../auth/roles.ts'
import { createLogger } from '../logger.ts'
import { loadAppSecret } from '../secret.ts'
import { openDatabaseForCli } from './open-for-cli.ts'

const USAGE = `Usage:
  npm run users -- create --email E --password P [--role admin|editor] [--name "Full Name"]
  npm run users -- grant --email E --role admin|editor
  npm run users -- revoke --email E --role admin|editor`

function fail(message: string): never {
	process.stderr.write(`${message}\n`)
	process.exit(1)
}

let parsed: ReturnType<typeof parse>
function parse() {
	return parseArgs({
		allowPositionals: true,
		options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
	})
}
try {
	parsed = parse()
} catch (error) {
	fail(`${(error as Error).message}\n${USAGE}`)
}
const [command] = parsed.positionals
const { values } = parsed
if (command !== 'create' && command !== 'grant' && command !== 'revoke') fail(USAGE)
const email = z.email().safeParse(values.email?.trim().toLowerCase())
if (!email.success) fail(`--email must be an email address.\n${USAGE}`)
if (values.role !== undefined && !isRole(values.role)) fail(`--role must be one of: ${ROLES.join(', ')}.`)
const role = values.role as (typeof ROLES)[number] | undefined
if (command !== 'create' && !role) fail(`--role is required for ${command}.\n${USAGE}`)
if (command === 'create' && !values.password) fail(`--password is required for create.\n${USAGE}`)
const weakness = command === 'create' ? passwordProblem(values.password!) : null
if (weakness) fail(`Refused: ${PASSWORD_PROBLEMS[weakness] ?? weakness}.`)

const { env, handle, close } = await openDatabaseForCli()
try {
	const db = handle.db
	if (command === 'create') {
		const secret = await loadAppSecret(db, env.APP_SECRET)
		const auth = createAuth({ db, env, secret, log: createLogger({ LOG_LEVEL: 'warn' }) })
		await createAccount({ db, auth }, { email: email.data, password: values.password!, name: values.name, role })
		console.log(`Created ${email.data}${role ? ` with the ${role} role` : ''}.`)
	} else {
		const id = await findUserIdByEmail(db, email.data)
		if (!id) throw new AccountError(`No account has the email ${email.data}.`)
		if (command === 'grant') {
			console.log((await grantRole(db, id, role!)) ? `Granted ${role} to ${email.data}.` : `${email.data} already has the ${role} role.`)
		} else {
			console.log((await revokeRole(db, id, role!)) ? `Revoked ${role} from ${email.data}.` : `${email.data} did not have the ${role} role.`)
		}
	}
} catch (error) {
	await close()
	if (error instanceof AccountError) fail(error.message)
	throw error
}
await close()

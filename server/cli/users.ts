/**
 * `npm run users -- create --email E --password P [--role admin|editor] [--name N]`
 * `npm run users -- grant|revoke --email E --role admin|editor`
 * `npm run users -- list`
 * Works while the shop runs: on PostgreSQL directly, on the embedded database through the running
 * shop's control socket (ADR 0112); with the shop stopped it opens the data folder itself.
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { ROLES } from '#domain/enums.ts'
import { createAuth } from '../auth/auth.ts'
import { AccountError, PASSWORD_PROBLEMS } from '../auth/bootstrap.ts'
import { passwordProblem } from '../auth/password-policy.ts'
import { isRole } from '../auth/roles.ts'
import { runUsersCommand, type UsersCommand } from '../auth/staff.ts'
import { createLogger } from '../logger.ts'
import { loadEnvOrExit } from '../main.ts'
import { loadAppSecret } from '../secret.ts'
import { openDatabaseForCli } from './open-for-cli.ts'
import { fail, viaRunningShop } from './running-shop.ts'

const USAGE = `Usage:
  npm run users -- list
  npm run users -- create --email E --password P [--role admin|editor] [--name "Full Name"]
  npm run users -- grant --email E --role admin|editor
  npm run users -- revoke --email E --role admin|editor`

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
if (command !== 'create' && command !== 'grant' && command !== 'revoke' && command !== 'list') fail(USAGE)
const email = z.email().safeParse(values.email?.trim().toLowerCase())
if (command !== 'list' && !email.success) fail(`--email must be an email address.\n${USAGE}`)
if (values.role !== undefined && !isRole(values.role)) fail(`--role must be one of: ${ROLES.join(', ')}.`)
const role = values.role as (typeof ROLES)[number] | undefined
if ((command === 'grant' || command === 'revoke') && !role) fail(`--role is required for ${command}.\n${USAGE}`)
if (command === 'create' && !values.password) fail(`--password is required for create.\n${USAGE}`)
const weakness = command === 'create' ? passwordProblem(values.password!) : null
if (weakness) fail(`Refused: ${PASSWORD_PROBLEMS[weakness] ?? weakness}.`)

const input: UsersCommand =
	command === 'list'
		? { command }
		: command === 'create'
			? { command, email: email.data!, password: values.password!, name: values.name, role }
			: { command, email: email.data!, role: role! }

// On the embedded database a running shop does it (its control socket); otherwise open the database.
const env = loadEnvOrExit()
const answer = await viaRunningShop(env, '/users', input)
if (answer) {
	console.log(String(answer.message))
	process.exit(0)
}
const { handle, close } = await openDatabaseForCli()
try {
	const db = handle.db
	const secret = command === 'create' ? await loadAppSecret(db, env.APP_SECRET) : ''
	const auth = () => createAuth({ db, env, secret, log: createLogger({ LOG_LEVEL: 'warn' }) })
	console.log(await runUsersCommand({ db, auth }, input))
} catch (error) {
	await close()
	if (error instanceof AccountError) fail(error.message)
	throw error
}
await close()

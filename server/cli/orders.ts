/** `npm run orders -- reconcile`: re-checks pending payments whose session should have ended. */
import { invoicingConfig } from '../invoices/config.ts'
import pino from 'pino'
import { reconcilePendingOrders } from '../orders/reconcile.ts'
import { createPaymentProvider } from '../payments/configure.ts'
import { openDatabaseForCli } from './open-for-cli.ts'
import { loadAppSecret } from '../secret.ts'

const command = process.argv[2]
if (command !== 'reconcile') {
	process.stderr.write('Usage: npm run orders -- reconcile\n')
	process.exit(1)
}

const { env, handle, close } = await openDatabaseForCli()
try {
	const summary = await reconcilePendingOrders({
		db: handle.db,
		mail: {
			shopAddress: env.SHOP_ADDRESS,
			publicUrl: env.PUBLIC_URL,
			invoicing: invoicingConfig(env),
			// The same secret the server signs with, so the emailed order links open (ADR 0135).
			linkSecret: await loadAppSecret(handle.db, env.APP_SECRET),
		},
		payments: createPaymentProvider(env, handle.db),
		log: pino({ level: env.LOG_LEVEL === 'silent' ? 'silent' : 'warn' }),
	})
	console.log(
		`Checked ${summary.checked} pending order(s): ${summary.paid} paid, ${summary.released} released, ${summary.stillOpen} still open, ${summary.processing} still settling, ${summary.refunded} refunded, ${summary.errors} error(s).`,
	)
	if (summary.errors) process.exitCode = 1
} finally {
	await close()
}

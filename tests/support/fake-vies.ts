import crypto from 'node:crypto'
import { startFakeTranslationServer } from './fake-translation-server.ts'

/**
 * A fake VIES speaking its REST interface: `POST /check-vat-number` with
 * `{countryCode, vatNumber, requesterMemberStateCode?, requesterNumber?}`. A registered number
 * answers `valid: true` with the trader's name and address; any other `valid: false` with `---`
 * for both, as VIES does. A number listed as unavailable answers as VIES does when the member
 * state's register is down: `{actionSucceed: false, errorWrappers: [{error: 'MS_UNAVAILABLE'}]}`.
 * A consultation number (requestIdentifier) comes only with a requester, as VIES gives it.
 */
export async function startFakeVies(options: { registered: Record<string, string>; unavailable?: string[] }) {
	const unavailable = new Set(options.unavailable ?? [])
	const server = await startFakeTranslationServer((path, body) => {
		const request = body as { countryCode?: unknown; vatNumber?: unknown; requesterMemberStateCode?: unknown; requesterNumber?: unknown }
		if (path !== '/check-vat-number') return { status: 404, body: { message: 'Not found' } }
		if (typeof request.countryCode !== 'string' || typeof request.vatNumber !== 'string' || request.vatNumber === '') {
			return {
				status: 400,
				body: { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT', message: 'The provided CountryCode is invalid or the VAT number is empty' }] },
			}
		}
		const full = `${request.countryCode}${request.vatNumber}`
		if (unavailable.has(full)) {
			return {
				status: 200,
				body: {
					actionSucceed: false,
					errorWrappers: [{ error: 'MS_UNAVAILABLE', message: 'The application at the Member State is not replying or not available.' }],
				},
			}
		}
		const name = options.registered[full]
		const requester = typeof request.requesterNumber === 'string' && request.requesterNumber !== ''
		return {
			status: 200,
			body: {
				countryCode: request.countryCode,
				vatNumber: request.vatNumber,
				requestDate: new Date().toISOString(),
				valid: name !== undefined,
				requestIdentifier: requester ? `WAPIAAAA${crypto.randomBytes(6).toString('base64url')}` : '',
				name: name ?? '---',
				address: name ? 'Hauptstraße 1\n10115 Berlin' : '---',
				traderName: '',
				traderStreet: '',
				traderPostalCode: '',
				traderCity: '',
				traderCompanyType: '',
				traderNameMatch: 'NOT_PROCESSED',
				traderStreetMatch: 'NOT_PROCESSED',
				traderPostalCodeMatch: 'NOT_PROCESSED',
				traderCityMatch: 'NOT_PROCESSED',
				traderCompanyTypeMatch: 'NOT_PROCESSED',
			},
		}
	})
	return server
}

export type FakeVies = Awaited<ReturnType<typeof startFakeVies>>

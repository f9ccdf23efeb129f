import http from 'node:http'
import { listenOnLoopback } from './loopback-server.ts'

/**
 * A fake of BNR's rates feed: `GET /nbrfxrates.xml` answers the feed's XML (DataSet, Header,
 * Body/Cube per date with a Rate per currency, HUF per 100 units), newest day first. `publish`
 * sets the days it holds; `down()` makes it answer 503 (or `'reset'`: drop the connection) until `up()`.
 */
export async function startFakeBnr() {
	let days: { date: string; eur: number }[] = []
	let outage: 'none' | '503' | 'reset' = 'none'
	let requests = 0
	const server = http.createServer((req, res) => {
		requests++
		if (outage === 'reset') return req.socket.destroy()
		if (outage === '503') {
			res.statusCode = 503
			return res.end('<html><body>Service Unavailable</body></html>')
		}
		if (req.method !== 'GET' || req.url !== '/nbrfxrates.xml') {
			res.statusCode = 404
			return res.end()
		}
		const cubes = [...days]
			.sort((a, b) => b.date.localeCompare(a.date))
			.map(
				(day) => `\t\t<Cube date="${day.date}">
\t\t\t<Rate currency="AED">1.1833</Rate>
\t\t\t<Rate currency="EUR">${day.eur.toFixed(4)}</Rate>
\t\t\t<Rate currency="HUF" multiplier="100">1.2882</Rate>
\t\t\t<Rate currency="USD">4.3456</Rate>
\t\t</Cube>`,
			)
			.join('\n')
		res.setHeader('Content-Type', 'text/xml; charset=utf-8')
		res.end(`<?xml version="1.0" encoding="utf-8"?>
<DataSet xmlns="http://www.bnr.ro/xsd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.bnr.ro/xsd nbrfxrates.xsd">
\t<Header>
\t\t<Publisher>National Bank of Romania</Publisher>
\t\t<PublishingDate>${days[0]?.date ?? ''}</PublishingDate>
\t\t<MessageType>DR</MessageType>
\t</Header>
\t<Body>
\t\t<Subject>Reference rates</Subject>
\t\t<OrigCurrency>RON</OrigCurrency>
${cubes}
\t</Body>
</DataSet>
`)
	})
	const { url, close } = await listenOnLoopback(server)
	return {
		/** The feed's address, as BNR_RATES_URL takes it. */
		feedUrl: `${url}/nbrfxrates.xml`,
		get requests() {
			return requests
		},
		publish(published: { date: string; eur: number }[]) {
			days = published
		},
		down(how: '503' | 'reset' = '503') {
			outage = how
		},
		up() {
			outage = 'none'
		},
		close,
	}
}

export type FakeBnr = Awaited<ReturnType<typeof startFakeBnr>>

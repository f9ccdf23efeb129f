/**
 * Romanian county (ISO 3166-2:RO) from a postal code: its first two digits name the county, and in
 * Bucharest the second digit is the sector. e-Factura wants the county of every Romanian address
 * (BR-RO-110), and "SECTOR1"…"SECTOR6" as the city of a Bucharest one (BR-RO-100); checkout asks
 * for neither, the postal code says both.
 */
const COUNTY_BY_PREFIX: Record<string, string> = {
	'07': 'IF',
	'08': 'GR',
	'10': 'PH',
	'11': 'AG',
	'12': 'BZ',
	'13': 'DB',
	'14': 'TR',
	'20': 'DJ',
	'21': 'GJ',
	'22': 'MH',
	'23': 'OT',
	'24': 'VL',
	'30': 'TM',
	'31': 'AR',
	'32': 'CS',
	'33': 'HD',
	'40': 'CJ',
	'41': 'BH',
	'42': 'BN',
	'43': 'MM',
	'44': 'SM',
	'45': 'SJ',
	'50': 'BV',
	'51': 'AB',
	'52': 'CV',
	'53': 'HR',
	'54': 'MS',
	'55': 'SB',
	'60': 'BC',
	'61': 'NT',
	'62': 'VN',
	'70': 'IS',
	'71': 'BT',
	'72': 'SV',
	'73': 'VS',
	'80': 'GL',
	'81': 'BR',
	'82': 'TL',
	'90': 'CT',
	'91': 'CL',
	'92': 'IL',
}

/** "RO-CJ" for 400001, "RO-B" for 010101; null when the code is not a Romanian postal code. */
export function romanianCounty(postalCode: string): string | null {
	const code = postalCode.replace(/\s/g, '')
	if (!/^\d{6}$/.test(code)) return null
	const prefix = code.slice(0, 2)
	if (/^0[1-6]$/.test(prefix)) return 'RO-B'
	const county = COUNTY_BY_PREFIX[prefix]
	return county ? `RO-${county}` : null
}

/** The city e-Factura wants for a Bucharest address: SECTOR1 … SECTOR6 from the postal code. */
export function bucharestSector(postalCode: string): string | null {
	const match = /^0([1-6])\d{4}$/.exec(postalCode.replace(/\s/g, ''))
	return match ? `SECTOR${match[1]}` : null
}

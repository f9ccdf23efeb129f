import { describe, expect, it } from 'vitest'
import { AnafAnswerError, anafTimestamp, jsonErrorMessage, parseMessageList, parseStatusAnswer, parseUploadAnswer, readAnswerFiles } from './anaf-answers.ts'

describe("ANAF's upload answer", () => {
	it('reads the upload index', () => {
		const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" dateResponse="202108051140" ExecutionStatus="0" index_incarcare="3828"/>`
		expect(parseUploadAnswer(xml)).toEqual({ kind: 'indexed', index: '3828' })
	})

	it('reads a refusal with its messages, entities decoded', () => {
		const xml = `<header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" dateResponse="202108051144" ExecutionStatus="1">
    <Errors errorMessage="Marime fisier transmis mai mare de 10 MB."/>
    <Errors errorMessage="Nu exista niciun CIF pentru care sa aveti drept in SPV &amp; altele"/>
</header>`
		expect(parseUploadAnswer(xml)).toEqual({
			kind: 'refused',
			messages: ['Marime fisier transmis mai mare de 10 MB.', 'Nu exista niciun CIF pentru care sa aveti drept in SPV & altele'],
		})
	})

	it('refuses an answer that is not one', () => {
		expect(() => parseUploadAnswer('<html>Service Unavailable</html>')).toThrow(AnafAnswerError)
		expect(() => parseUploadAnswer('<header ExecutionStatus="0"/>')).toThrow(AnafAnswerError)
	})
})

describe("ANAF's status answer", () => {
	const header = (attributes: string, body = '') => `<header xmlns="mfp:anaf:dgti:efactura:stareMesajFactura:v1" ${attributes}>${body}</header>`

	it('tells the four states apart', () => {
		expect(parseStatusAnswer(header('stare="ok" id_descarcare="1234"'))).toEqual({ kind: 'ok', downloadId: '1234' })
		expect(parseStatusAnswer(header('stare="nok" id_descarcare="99"'))).toEqual({ kind: 'nok', downloadId: '99' })
		expect(parseStatusAnswer(header('stare="in prelucrare"'))).toEqual({ kind: 'processing' })
		expect(parseStatusAnswer(header('stare="XML cu erori nepreluat de sistem"'))).toEqual({ kind: 'xml-errors' })
	})

	it('reads an error about the query as one, not as a state', () => {
		expect(parseStatusAnswer(header('', '<Errors errorMessage="Nu aveti dreptul de inteorgare pentru id_incarcare= 123"/>'))).toEqual({
			kind: 'query-error',
			messages: ['Nu aveti dreptul de inteorgare pentru id_incarcare= 123'],
		})
		expect(() => parseStatusAnswer(header('stare="ok"'))).toThrow(AnafAnswerError)
	})
})

describe("ANAF's message list", () => {
	it('reads the messages, with their Romanian-time dates', () => {
		const list = parseMessageList({
			mesaje: [
				{
					data_creare: '202211301452',
					cif: '8000000000',
					id_solicitare: '5001120362',
					detalii: 'Factura cu id_incarcare=5001120362 emisa de cif_emitent=8000000000',
					tip: 'FACTURA TRIMISA',
					id: '3001474425',
				},
			],
			serial: '1234AA456',
			cui: '8000000000',
			titlu: 'Lista Mesaje disponibile din ultimele 1 zile',
		})
		expect(list).toEqual([
			{
				id: '3001474425',
				uploadIndex: '5001120362',
				type: 'FACTURA TRIMISA',
				createdAt: new Date('2022-11-30T12:52:00Z'),
				details: 'Factura cu id_incarcare=5001120362 emisa de cif_emitent=8000000000',
			},
		])
	})

	it('reads "no messages" as an empty list and any other eroare as an error', () => {
		expect(parseMessageList({ eroare: 'Nu exista mesaje in ultimele 3 zile', titlu: 'Lista Mesaje' })).toEqual([])
		expect(() => parseMessageList({ eroare: 'Nu aveti drept in SPV pentru CIF=123', titlu: 'Lista Mesaje' })).toThrow('Nu aveti drept')
	})

	it('converts summer and winter times', () => {
		expect(anafTimestamp('202607011200').toISOString()).toBe('2026-07-01T09:00:00.000Z')
		expect(anafTimestamp('202601151200').toISOString()).toBe('2026-01-15T10:00:00.000Z')
		expect(() => anafTimestamp('2026-01-15')).toThrow(AnafAnswerError)
	})
})

describe("ANAF's answer ZIP", () => {
	it('finds the accepted document, its number and the signature', () => {
		const read = readAnswerFiles([
			{ name: '4027474196.xml', text: '<Invoice xmlns:cbc="urn:x"><cbc:CustomizationID>x</cbc:CustomizationID><cbc:ID>LC-2026-000007</cbc:ID></Invoice>' },
			{ name: 'semnatura_4027474196.xml', text: '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/>' },
		])
		expect(read).toMatchObject({ documentNumber: 'LC-2026-000007', errors: [], signatureXml: expect.stringContaining('xmldsig') })
	})

	it("reads a rejection's messages", () => {
		const read = readAnswerFiles([
			{ name: 'semnatura_5025079551.xml', text: '<Signature/>' },
			{
				name: '5025079551.xml',
				text: '<header xmlns="mfp:anaf:dgti:efactura:mesajEroriFactuta:v1" Index_incarcare="5025079551" Cif_emitent="35913862"><Error errorMessage="E: validari globale [BR-RO-120] Cumpărătorul nu are identificator&#xA;"/><Error errorMessage="[BR-CO-15] total &amp; TVA"/></header>',
			},
		])
		expect(read).toMatchObject({
			documentXml: null,
			documentNumber: null,
			errors: ['E: validari globale [BR-RO-120] Cumpărătorul nu are identificator', '[BR-CO-15] total & TVA'],
		})
	})

	it('reads a JSON error sent in place of the ZIP', () => {
		expect(jsonErrorMessage('{"eroare":"Nu aveti dreptul sa descarcati acesta factura"}')).toBe('Nu aveti dreptul sa descarcati acesta factura')
		expect(jsonErrorMessage('PK\u0003\u0004')).toBeNull()
	})
})

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * The text of a PDF, page by page, as a reader's copy-and-paste would give it (pdf.js, as
 * Firefox reads PDFs): proves what a PDF shows, diacritics included, without a browser.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
	const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise
	const pages: string[] = []
	for (let number = 1; number <= document.numPages; number++) {
		const page = await document.getPage(number)
		const content = await page.getTextContent()
		pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''))
	}
	await document.destroy()
	return pages.join('\n')
}

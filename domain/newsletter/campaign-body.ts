/**
 * What a newsletter campaign's body may hold (ADR 0270): paragraphs of plain text separated by a
 * blank line, single line breaks kept, and links written `[words](https://…)`. Nothing else has a
 * meaning: any HTML or other markup stays literal text, and a link to anything but an http(s)
 * address is shown as the words the owner typed. The same reading applies to the translations, so a
 * machine or an editor cannot bring in more than the owner can.
 */

export type CampaignInline = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }
/** A paragraph is its lines; a line is text and links. */
export type CampaignParagraph = CampaignInline[][]

export const CAMPAIGN_SUBJECT_MAX = 150
export const CAMPAIGN_BODY_MAX = 3000

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g

function safeHref(href: string): string | null {
	try {
		const url = new URL(href)
		return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
	} catch {
		return null
	}
}

function parseLine(line: string): CampaignInline[] {
	const parts: CampaignInline[] = []
	let last = 0
	const push = (text: string) => {
		if (text === '') return
		const previous = parts.at(-1)
		if (previous?.kind === 'text') previous.text += text
		else parts.push({ kind: 'text', text })
	}
	for (const match of line.matchAll(LINK)) {
		push(line.slice(last, match.index))
		const href = safeHref(match[2]!)
		if (href) parts.push({ kind: 'link', text: match[1]!.trim(), href })
		else push(match[1]!)
		last = match.index + match[0].length
	}
	push(line.slice(last))
	return parts
}

/** The body as paragraphs of lines (blank paragraphs dropped, line ends normalised). */
export function parseCampaignBody(body: string): CampaignParagraph[] {
	return body
		.replace(/\r\n?/g, '\n')
		.split(/\n[ \t]*\n/)
		.map((paragraph) => paragraph.trim())
		.filter((paragraph) => paragraph !== '')
		.map((paragraph) => paragraph.split('\n').map((line) => parseLine(line.trim())))
}

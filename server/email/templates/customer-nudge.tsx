import { Text } from '@react-email/text'
import { renderEmail } from '../render.ts'
import { ActionButton, EmailLayout, Lines, paragraphStyle, smallStyle } from './layout.tsx'

/**
 * An email that brings a customer back to the shop (ADR 0269): a back-in-stock alert or the one
 * reminder of an unfinished checkout. A greeting, what it is about (the product, or the cart's lines),
 * one button, and why the customer gets it, in their language.
 */
export type CustomerNudgeView = {
	locale: string
	subject: string
	intro: string
	lines: string[]
	action: { label: string; href: string }
	/** Why this email came, and that no other follows. */
	why: string
	footer: string[]
}

export function CustomerNudgeEmail({ view }: { view: CustomerNudgeView }) {
	return (
		<EmailLayout locale={view.locale} title={view.subject} preview={view.intro} footer={view.footer}>
			<Text style={paragraphStyle}>{view.intro}</Text>
			{view.lines.length ? (
				<Text style={paragraphStyle}>
					<Lines lines={view.lines} />
				</Text>
			) : null}
			<ActionButton href={view.action.href}>{view.action.label}</ActionButton>
			<Text style={{ ...paragraphStyle, ...smallStyle, marginTop: '16px' }}>{view.why}</Text>
		</EmailLayout>
	)
}

/** The email rendered, with its subject: what the outbox takes. */
export function renderCustomerNudgeEmail(view: CustomerNudgeView) {
	return { subject: view.subject, ...renderEmail(<CustomerNudgeEmail view={view} />) }
}

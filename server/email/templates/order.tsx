import { Fragment } from 'react'
import { Heading } from '@react-email/heading'
import { Link } from '@react-email/link'
import { Text } from '@react-email/text'
import { ActionButton, EMAIL_COLORS, EmailLayout, headingStyle, Lines, paragraphStyle, smallStyle } from './layout.tsx'

/** A label and its value, as one table row (one line in the text part). */
export type EmailRow = { label: string; value: string; strong?: boolean; small?: boolean }

/** An order line: quantity and name, its options underneath, and its amount. */
export type EmailLine = { title: string; details: string[]; amount: string }

/** Everything an order email says, already worded in the order's language. */
export type OrderEmailView = {
	locale: string
	subject: string
	intro: string
	facts: EmailRow[]
	itemsHeading: string
	lines: EmailLine[]
	totals: EmailRow[]
	notes: string[]
	highlight: string | null
	addressHeading: string
	address: string[]
	link: { label: string; href: string }
	/** A delivered order's invitation to review each of its products, one signed link each. */
	reviews?: { heading: string; intro: string; links: { label: string; href: string }[] } | null
	footer: string[]
}

const cell = { padding: '6px 8px', borderBottom: `1px solid ${EMAIL_COLORS.line}`, verticalAlign: 'top' } as const
const amountCell = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' } as const

export function RowsTable({ rows }: { rows: EmailRow[] }) {
	return (
		<table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
			<tbody>
				{rows.map((row, index) => {
					const style = row.small ? smallStyle : {}
					const Label = row.strong ? 'th' : 'td'
					return (
						<tr key={index}>
							<Label style={{ ...cell, ...style, textAlign: 'left' }}>{row.value ? `${row.label}:` : row.label}</Label>
							<Label style={{ ...amountCell, ...style }}>{row.value}</Label>
						</tr>
					)
				})}
			</tbody>
		</table>
	)
}

/** The customer's order emails: confirmation, status, tracking, refund and cancellation. */
export function OrderEmail({ view }: { view: OrderEmailView }) {
	return (
		<EmailLayout locale={view.locale} title={view.subject} preview={view.intro} footer={view.footer}>
			<Text style={paragraphStyle}>{view.intro}</Text>
			<RowsTable rows={view.facts} />
			<Heading as="h2" style={headingStyle}>
				{view.itemsHeading}
			</Heading>
			<table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
				<tbody>
					{view.lines.map((line, index) => {
						const ruled = line.details.length === 0 ? cell : { ...cell, borderBottom: 'none' }
						return (
							<Fragment key={index}>
								<tr>
									<td style={ruled}>{line.title}</td>
									<td style={{ ...amountCell, ...(line.details.length ? { borderBottom: 'none' } : {}) }}>{line.amount}</td>
								</tr>
								{line.details.length ? (
									<tr>
										<td colSpan={2} style={{ ...cell, ...smallStyle, paddingTop: 0 }}>
											<Lines lines={line.details} />
										</td>
									</tr>
								) : null}
							</Fragment>
						)
					})}
				</tbody>
			</table>
			<RowsTable rows={view.totals} />
			{view.notes.map((note, index) => (
				<Text key={index} style={{ ...paragraphStyle, marginTop: '16px' }}>
					{note}
				</Text>
			))}
			{view.highlight ? <Text style={{ ...paragraphStyle, background: EMAIL_COLORS.page, borderRadius: '8px', padding: '12px' }}>{view.highlight}</Text> : null}
			<Heading as="h2" style={headingStyle}>
				{view.addressHeading}
			</Heading>
			<Text style={paragraphStyle}>
				<Lines lines={view.address} />
			</Text>
			<ActionButton href={view.link.href}>{view.link.label}</ActionButton>
			{view.reviews ? (
				<>
					<Heading as="h2" style={headingStyle}>
						{view.reviews.heading}
					</Heading>
					<Text style={paragraphStyle}>{view.reviews.intro}</Text>
					{view.reviews.links.map((link) => (
						<Text key={link.href} style={paragraphStyle}>
							<Link href={link.href} style={{ color: EMAIL_COLORS.brand }}>
								{link.label}
							</Link>
						</Text>
					))}
				</>
			) : null}
		</EmailLayout>
	)
}

import { Heading } from '@react-email/heading'
import { Link } from '@react-email/link'
import { Text } from '@react-email/text'
import { EMAIL_COLORS, EmailLayout, headingStyle, Lines, paragraphStyle } from './layout.tsx'
import { RowsTable, type EmailLine, type EmailRow } from './order.tsx'

/** The owner's notice of an order, worded in Romanian like the admin. */
export type OwnerOrderEmailView = {
	subject: string
	intro: string[]
	itemsHeading: string
	lines: EmailLine[]
	totals: EmailRow[]
	customerHeading: string
	customer: string[]
	link: { label: string; href: string }
}

export function OwnerOrderEmail({ view }: { view: OwnerOrderEmailView }) {
	return (
		<EmailLayout locale="ro" title={view.subject} preview={view.intro[0]}>
			{view.intro.map((line, index) => (
				<Text key={index} style={paragraphStyle}>
					{line}
				</Text>
			))}
			<Heading as="h2" style={headingStyle}>
				{view.itemsHeading}
			</Heading>
			<Text style={paragraphStyle}>
				<Lines lines={view.lines.map((line) => `${line.title} — ${line.amount}`)} />
			</Text>
			<RowsTable rows={view.totals} />
			<Heading as="h2" style={headingStyle}>
				{view.customerHeading}
			</Heading>
			<Text style={paragraphStyle}>
				<Lines lines={view.customer} />
			</Text>
			<Text style={paragraphStyle}>
				<Link href={view.link.href} style={{ color: EMAIL_COLORS.brand }}>
					{view.link.label}
				</Link>
			</Text>
		</EmailLayout>
	)
}

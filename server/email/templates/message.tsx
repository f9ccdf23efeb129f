import { renderEmail } from '../render.ts'
import { Link } from '@react-email/link'
import { Text } from '@react-email/text'
import { EMAIL_COLORS, EmailLayout, paragraphStyle } from './layout.tsx'

const URL_PATTERN = /(https?:\/\/[^\s]+)/g

/** A line with its web addresses as links (the text part keeps the address itself). */
function Linked({ line }: { line: string }) {
	return line.split(URL_PATTERN).map((part, index) =>
		index % 2 === 1 ? (
			<Link key={index} href={part} style={{ color: EMAIL_COLORS.brand }}>
				{part}
			</Link>
		) : (
			part
		),
	)
}

/**
 * A short message of paragraphs (blank lines between them, single line breaks kept), as account,
 * newsletter and contact emails are written in the translations: links become clickable.
 */
export function MessageEmail(props: { locale: string; subject: string; body: string; footer?: string[] }) {
	const paragraphs = props.body.split(/\n{2,}/)
	return (
		<EmailLayout locale={props.locale} title={props.subject} footer={props.footer}>
			{paragraphs.map((paragraph, index) => (
				<Text key={index} style={paragraphStyle}>
					{paragraph.split('\n').map((line, lineIndex) => (
						<span key={lineIndex}>
							{lineIndex > 0 ? <br /> : null}
							<Linked line={line} />
						</span>
					))}
				</Text>
			))}
		</EmailLayout>
	)
}

/** A message email rendered, with its subject: what the outbox takes. */
export function renderMessageEmail(props: { locale: string; subject: string; body: string; footer?: string[] }) {
	return { subject: props.subject, ...renderEmail(<MessageEmail {...props} />) }
}

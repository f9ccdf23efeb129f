import { Link } from '@react-email/link'
import { Text } from '@react-email/text'
import type { CampaignInline } from '#domain/newsletter/campaign-body.ts'
import { parseCampaignBody } from '#domain/newsletter/campaign-body.ts'
import { renderEmail } from '../render.ts'
import { EMAIL_COLORS, EmailLayout, paragraphStyle, smallStyle } from './layout.tsx'

export type CampaignEmailView = {
	locale: string
	subject: string
	/** The body as the owner (or the translation) wrote it: read by parseCampaignBody, never as HTML. */
	body: string
	unsubscribeUrl: string
	/** Why the reader gets it, in their language. */
	footerNote: string
	unsubscribeLabel: string
}

function Inline({ part }: { part: CampaignInline }) {
	return part.kind === 'link' ? (
		<Link href={part.href} style={{ color: EMAIL_COLORS.brand }}>
			{part.text}
		</Link>
	) : (
		part.text
	)
}

/** A newsletter campaign: its paragraphs and links, and the unsubscribe link every campaign carries. */
export function CampaignEmail(props: CampaignEmailView) {
	return (
		<EmailLayout locale={props.locale} title={props.subject}>
			{parseCampaignBody(props.body).map((lines, index) => (
				<Text key={index} style={paragraphStyle}>
					{lines.map((line, lineIndex) => (
						<span key={lineIndex}>
							{lineIndex > 0 ? <br /> : null}
							{line.map((part, partIndex) => (
								<Inline key={partIndex} part={part} />
							))}
						</span>
					))}
				</Text>
			))}
			<Text style={{ ...paragraphStyle, ...smallStyle, marginTop: '24px' }}>
				{props.footerNote}{' '}
				<Link href={props.unsubscribeUrl} style={{ color: EMAIL_COLORS.muted }}>
					{props.unsubscribeLabel}
				</Link>
			</Text>
		</EmailLayout>
	)
}

/** A campaign email rendered, with its subject: what the outbox takes. */
export function renderCampaignEmail(view: CampaignEmailView) {
	return { subject: view.subject, ...renderEmail(<CampaignEmail {...view} />) }
}

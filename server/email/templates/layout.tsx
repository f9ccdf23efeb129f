import type { ReactNode } from 'react'
import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Html } from '@react-email/html'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { SHOP } from '#domain/shop.ts'

/** The shop's email colours: the storefront's palette, written out because mail clients read no stylesheet. */
export const EMAIL_COLORS = { page: '#f7f1ea', card: '#ffffff', ink: '#2b2118', muted: '#6b5b4d', line: '#eadfd3', brand: '#8a4b2f' } as const

const SERIF = "Georgia,'Times New Roman',serif"
const SANS = 'Arial,Helvetica,sans-serif'

/**
 * Every email's frame: the shop's name on a coloured band, the message, and the shop's details at
 * the foot (who writes, from where). `preview` is the line inboxes show after the subject.
 */
export function EmailLayout(props: { locale: string; title: string; preview?: string; footer?: string[]; children: ReactNode }) {
	return (
		<Html lang={props.locale}>
			<Head>
				<title>{props.title}</title>
			</Head>
			{props.preview ? <Preview>{props.preview}</Preview> : null}
			<Body style={{ margin: 0, padding: '16px', background: EMAIL_COLORS.page, color: EMAIL_COLORS.ink }}>
				<Container style={{ maxWidth: '600px', background: EMAIL_COLORS.card, borderRadius: '12px' }}>
					<Section data-skip-in-text="true" style={{ background: EMAIL_COLORS.brand, borderRadius: '12px 12px 0 0', padding: '20px 24px' }}>
						<Text style={{ margin: 0, color: '#ffffff', fontSize: '22px', lineHeight: '28px', fontFamily: SERIF }}>{SHOP.name}</Text>
					</Section>
					<Section style={{ padding: '20px 24px', fontFamily: SANS, fontSize: '15px', lineHeight: '1.5' }}>{props.children}</Section>
					{props.footer?.length ? (
						<Section style={{ padding: '16px 24px', borderTop: `1px solid ${EMAIL_COLORS.line}` }}>
							<Text style={{ margin: 0, fontFamily: SANS, fontSize: '13px', color: EMAIL_COLORS.muted }}>
								<Lines lines={props.footer} />
							</Text>
						</Section>
					) : null}
				</Container>
			</Body>
		</Html>
	)
}

/** Lines of one paragraph, kept on their own lines in both parts. */
export function Lines({ lines }: { lines: readonly string[] }) {
	return lines.map((line, index) => (
		<span key={index}>
			{index > 0 ? <br /> : null}
			{line}
		</span>
	))
}

export const paragraphStyle = { fontFamily: SANS, fontSize: '15px', lineHeight: '1.5', margin: '0 0 12px' } as const
export const headingStyle = { fontFamily: SANS, fontSize: '17px', margin: '24px 0 8px' } as const
export const smallStyle = { fontSize: '13px', color: EMAIL_COLORS.muted } as const

/** The one link an email asks the reader to follow, as a button in the shop's colour. */
export function ActionButton(props: { href: string; children: ReactNode }) {
	return (
		<Button
			href={props.href}
			style={{ background: EMAIL_COLORS.brand, color: '#ffffff', borderRadius: '999px', padding: '10px 20px', textDecoration: 'none', margin: '12px 0' }}
		>
			{props.children}
		</Button>
	)
}

import { describe, expect, it } from 'vitest'
import { parseCampaignBody } from './campaign-body.ts'

describe('a campaign body', () => {
	it('is paragraphs split on blank lines, with single line breaks kept', () => {
		expect(parseCampaignBody('Bună!\r\nO zi frumoasă.\n\n\n  Echipa  \n')).toEqual([
			[[{ kind: 'text', text: 'Bună!' }], [{ kind: 'text', text: 'O zi frumoasă.' }]],
			[[{ kind: 'text', text: 'Echipa' }]],
		])
	})

	it('turns [words](https://…) into links and keeps everything else as text', () => {
		expect(parseCampaignBody('Vezi [colecția de iarnă](https://shop.test/catalog?x=1) acum.')).toEqual([
			[
				[
					{ kind: 'text', text: 'Vezi ' },
					{ kind: 'link', text: 'colecția de iarnă', href: 'https://shop.test/catalog?x=1' },
					{ kind: 'text', text: ' acum.' },
				],
			],
		])
	})

	it('never makes a link of another scheme, and leaves HTML as literal text', () => {
		expect(parseCampaignBody('[apasă](javascript:alert(1)) <b>gras</b> [x](data:text/html,hi)')).toEqual([[[{ kind: 'text', text: 'apasă) <b>gras</b> x' }]]])
	})
})

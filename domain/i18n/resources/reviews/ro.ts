import type reviewsEn from './en.ts'

/** Romanian texts of verified reviews (ADR 0268). */
const reviewsRo: typeof reviewsEn = {
	review: {
		email: {
			heading: 'Cum vi se pare?',
			intro: 'Părerea dumneavoastră îi ajută pe alții să aleagă un cadou făcut de mână. Durează un minut și nu aveți nevoie de cont:',
			link: 'Scrieți o recenzie pentru {{name}}',
		},
		metaTitle: 'Recenzie pentru {{name}}',
		title: 'Recenzie pentru {{name}}',
		intro: 'Spuneți-le altor clienți ce părere aveți. Recenzia apare doar cu prenumele și țara dumneavoastră, după ce magazinul o citește.',
		ratingLabel: 'Nota dumneavoastră',
		ratingOption: '{{rating}} din 5 stele',
		textLabel: 'Recenzia dumneavoastră',
		textHint: 'Cel mult {{max}} de caractere, cu cuvintele dumneavoastră. Apare exact cum o scrieți, fără traducere.',
		submit: 'Trimite recenzia',
		update: 'Actualizează recenzia',
		sending: 'Se trimite…',
		ratingRequired: 'Alegeți o notă de la 1 la 5 stele.',
		textRequired: 'Scrieți câteva cuvinte despre produs.',
		textTooLong: 'Recenzia poate avea cel mult 2000 de caractere.',
		saved: 'Vă mulțumim! Am primit recenzia; va apărea pe pagina produsului după ce magazinul o citește.',
		updated: 'Recenzia a fost actualizată; va apărea din nou după ce magazinul o citește.',
		existing: 'Ați scris deja o recenzie pentru acest produs. Dacă trimiteți din nou formularul, o înlocuiți, iar magazinul o citește din nou.',
		status: {
			pending: 'Recenzia așteaptă să fie citită de magazin.',
			approved: 'Recenzia apare pe pagina produsului.',
			rejected: 'Recenzia nu a fost publicată.',
		},
		notDeliveredTitle: 'Comanda nu a fost livrată încă',
		notDeliveredText: 'Puteți scrie o recenzie pentru acest produs după ce comanda este livrată.',
		expiredTitle: 'Linkul pentru recenzie a expirat',
		expiredText: 'Linkurile pentru recenzii funcționează 90 de zile după livrare. Dacă doriți totuși să ne spuneți ceva, scrieți-ne.',
		contact: 'Contactați-ne',
		viewProduct: 'Vezi produsul',
		sectionTitle: 'Recenzii',
		average: '{{average}} din 5',
		count: 'Recenzii de la cumpărători verificați: {{count}}',
		none: 'Nicio recenzie încă. Doar clienții care au cumpărat și primit acest produs pot scrie o recenzie.',
		verified: 'Cumpărător verificat',
		anonymous: 'Un client',
		stars: 'Nota {{rating}} din 5',
	},
}

export default reviewsRo

import type remindersEn from './en.ts'

const remindersRo: typeof remindersEn = {
	stockAlert: {
		title: 'Anunță-mă când revine în stoc',
		intro: 'Lasă-ne adresa de e-mail și îți scriem o singură dată, când produsul revine în stoc.',
		email: 'Adresa de e-mail',
		submit: 'Anunță-mă',
		waiting: 'Mulțumim! Îți scriem o dată când revine în stoc, apoi îți ștergem adresa.',
		inStock: 'Vești bune: produsul este din nou în stoc.',
		unavailable: 'Acest produs nu mai este de vânzare.',
		invalidEmail: 'Introdu o adresă de e-mail validă, de exemplu nume@exemplu.ro.',
		tooMany: 'Prea multe cereri de la conexiunea ta. Încearcă din nou mai târziu.',
		note: 'Folosim adresa doar pentru acest e-mail și o ștergem după ce îl trimitem.',
		emailSubject: '{{name}} este din nou în stoc',
		emailIntro: 'Vești bune: {{name}} este din nou în stoc la Lumină & Carton.',
		emailAction: 'Vezi produsul',
		emailWhy: 'Ne-ai cerut să te anunțăm când revine. Acesta este singurul e-mail pe care îl primești despre el: adresa ta a fost ștearsă.',
	},
	checkoutReminder: {
		consent: 'Dacă nu finalizez această comandă, trimiteți-mi o singură reamintire despre ea (o dată, și nimic altceva).',
		subject: 'Coșul tău de la Lumină & Carton te așteaptă',
		intro: 'Ai început o comandă la noi și nu ai finalizat-o. Coșul tău conține încă:',
		action: 'Înapoi la coș',
		why: 'Ai cerut această singură reamintire când ai plasat comanda. Nu îți vom mai scrie despre această comandă.',
	},
	cartRestore: {
		title: 'Coșul tău',
		restoring: 'Punem produsele înapoi în coș…',
		invalid: 'Acest link nu este valid. Coșul tău a rămas cum l-ai lăsat.',
		empty: 'Produsele acestei comenzi nu mai pot fi cumpărate.',
		goToCart: 'Mergi la coș',
	},
}

export default remindersRo

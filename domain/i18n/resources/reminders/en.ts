/** Texts of back-in-stock alerts and the checkout reminder (ADR 0269): read on the server only, so no page's JavaScript carries them. */
const remindersEn = {
	stockAlert: {
		title: 'Tell me when it is back',
		intro: 'Leave your email address and we will write to you once, when this is back in stock.',
		email: 'Email address',
		submit: 'Notify me',
		waiting: 'Thank you! We will email you once when it is back in stock, then forget your address.',
		inStock: 'Good news: it is back in stock now.',
		unavailable: 'This product is no longer on sale.',
		invalidEmail: 'Please enter a valid email address, such as name@example.com.',
		tooMany: 'Too many requests from your connection. Please try again later.',
		note: 'We use your address only for this one email and delete it after sending it.',
		emailSubject: '{{name}} is back in stock',
		emailIntro: 'Good news: {{name}} is back in stock at Lumină & Carton.',
		emailAction: 'See the product',
		emailWhy: 'You asked us to tell you when it was back. This is the only email you will get about it: we have now deleted your address.',
	},
	checkoutReminder: {
		consent: 'If I do not finish this order, send me one reminder about it (once, and nothing else).',
		subject: 'Your cart at Lumină & Carton is waiting for you',
		intro: 'You started an order with us and did not finish it. Your cart still holds:',
		action: 'Return to your cart',
		why: 'You asked for this one reminder when you checked out. We will not write to you again about this order.',
	},
	cartRestore: {
		title: 'Your cart',
		restoring: 'Putting your products back in your cart…',
		invalid: 'This link is not valid. Your cart is as you left it.',
		empty: 'The products of this order can no longer be bought.',
		goToCart: 'Go to your cart',
	},
}

export default remindersEn

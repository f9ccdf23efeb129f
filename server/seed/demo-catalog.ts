import type { Badge, PortraitSize, ProductKind } from '#domain/enums.ts'

/** The demo shop a fresh install shows. Content is written in Romanian, the source language. */

export type DemoImageSpec =
	| { kind: 'candle'; file: string; from: string; to: string; wax: string; container: 'glass' | 'metal' }
	| { kind: 'portrait'; file: string; people: number; pet: boolean; frame: string; backdrop: string; clothes: string[] }
	| { kind: 'bundle'; file: string; from: string; to: string; box: string; lid: string; ribbon: string }
	| { kind: 'discovery'; file: string; from: string; to: string; colors: string[] }
	| { kind: 'category'; file: string; from: string; to: string }

export type DemoCategory = {
	slug: string
	name: string
	description: string
	displayOrder: number
	image?: string
	children?: Omit<DemoCategory, 'children'>[]
}

export type DemoProduct = {
	slug: string
	name: string
	description: string
	kind: ProductKind
	category: string
	priceCents: number
	stock: number | null
	badges: Badge[]
	images: string[]
	portraitSize?: PortraitSize
	scent?: string
	smellsLike?: string
	waxColor?: string
	containerType?: 'glass' | 'metal'
	customLabelAvailable?: boolean
	/** Measures (ADR 0138): hours, millimetres (width, height, depth), grams. */
	burnTimeHours?: number
	sizeMm?: [number, number, number]
	weightGrams?: number
	/** Sold as variants (ADR 0264): the options' names, and each variant's values, SKU, price, stock, weight and picture. */
	optionNames?: string[]
	variants?: { values: string[]; sku: string; priceCents: number; stock: number | null; weightGrams: number; image: string }[]
}

export const demoCategories: DemoCategory[] = [
	{
		slug: 'portrait_cardboard',
		name: 'Portrete din carton',
		description: 'Portrete personalizate, pictate manual pe carton după fotografia ta.',
		displayOrder: 1,
		image: 'category-portraits',
		children: [
			{ slug: 'portrete-de-familie', name: 'Portrete de familie', description: 'Toată familia, într-un singur cadru.', displayOrder: 1 },
			{ slug: 'portrete-cu-animale', name: 'Portrete cu animale', description: 'Pentru cei mai buni prieteni cu patru lăbuțe.', displayOrder: 2 },
		],
	},
	{
		slug: 'candle',
		name: 'Lumânări parfumate',
		description: 'Lumânări din ceară de soia, turnate manual în loturi mici.',
		displayOrder: 2,
		image: 'category-candles',
		children: [
			{ slug: 'lumanari-in-borcan', name: 'Lumânări în borcan de sticlă', description: 'Borcane de sticlă refolosibile.', displayOrder: 1 },
			{ slug: 'lumanari-in-cutie-metalica', name: 'Lumânări în cutie metalică', description: 'Perfecte pentru călătorii.', displayOrder: 2 },
			{ slug: 'editie-de-sezon', name: 'Ediție de sezon', description: 'Arome care vin și pleacă odată cu anotimpurile.', displayOrder: 3 },
		],
	},
	{
		slug: 'bundles',
		name: 'Pachete și seturi cadou',
		description: 'Combinații gata împachetate pentru cei dragi.',
		displayOrder: 3,
		image: 'category-bundles',
		children: [{ slug: 'seturi-cadou', name: 'Seturi cadou', description: 'Cadouri complete, cu felicitare.', displayOrder: 1 }],
	},
	{
		slug: 'discovery',
		name: 'Set descoperire',
		description: 'Încearcă mai multe arome înainte să-ți alegi preferata.',
		displayOrder: 4,
		image: 'category-discovery',
	},
]

export const demoProducts: DemoProduct[] = [
	{
		slug: 'lumanare-vanilie-si-santal',
		name: 'Lumânare Vanilie și Santal',
		description: 'Vanilie cremoasă cu note calde de lemn de santal. Ceară de soia, fitil de bumbac, aproximativ 45 de ore de ardere.',
		kind: 'candle',
		category: 'lumanari-in-borcan',
		priceCents: 2490,
		stock: 15,
		badges: ['Handmade', 'Bestseller'],
		images: ['candle-vanilla', 'candle-vanilla-2'],
		scent: 'vanilla',
		smellsLike: 'Vanilie, lemn de santal, zahăr ars',
		waxColor: 'Crem',
		containerType: 'glass',
		burnTimeHours: 45,
		sizeMm: [80, 95, 80],
		weightGrams: 320,
		customLabelAvailable: true,
	},
	{
		slug: 'lumanare-briza-marina',
		name: 'Lumânare Briză Marină',
		description: 'Aer sărat, alge și un strop de bergamotă, pentru o seară care miroase a vacanță.',
		kind: 'candle',
		category: 'lumanari-in-borcan',
		priceCents: 2290,
		stock: 8,
		badges: ['Handmade', 'Nou'],
		images: ['candle-ocean'],
		scent: 'ocean',
		smellsLike: 'Sare de mare, alge, bergamotă',
		waxColor: 'Albastru deschis',
		containerType: 'glass',
		burnTimeHours: 45,
		sizeMm: [80, 95, 80],
		weightGrams: 320,
	},
	{
		slug: 'lumanare-lavanda-de-provence',
		name: 'Lumânare Lavandă de Provence',
		description: 'Lavandă adevărată și puțin rozmarin, ideală pentru dormitor. Revine în curând pe stoc.',
		kind: 'candle',
		category: 'lumanari-in-cutie-metalica',
		priceCents: 1990,
		stock: 0,
		badges: ['Handmade'],
		images: ['candle-lavender'],
		scent: 'lavender',
		smellsLike: 'Lavandă, rozmarin',
		waxColor: 'Lila',
		containerType: 'metal',
		burnTimeHours: 25,
		sizeMm: [75, 55, 75],
		weightGrams: 180,
	},
	{
		slug: 'lumanare-citrice-de-vara',
		name: 'Lumânare Citrice de Vară',
		description: 'Lămâie, grepfrut și portocală dulce, turnate într-o cutie metalică ușor de luat cu tine.',
		kind: 'candle',
		category: 'lumanari-in-cutie-metalica',
		priceCents: 1990,
		stock: 12,
		badges: ['Handmade', 'Bestseller'],
		images: ['candle-citrus'],
		scent: 'citrus',
		smellsLike: 'Lămâie, grepfrut, portocală',
		waxColor: 'Galben pal',
		containerType: 'metal',
		burnTimeHours: 25,
		sizeMm: [75, 55, 75],
		weightGrams: 180,
	},
	{
		slug: 'lumanare-turta-dulce',
		name: 'Lumânare Turtă Dulce',
		description: 'Ghimbir, scorțișoară și miere: ediție limitată de iarnă.',
		kind: 'candle',
		category: 'editie-de-sezon',
		priceCents: 2690,
		stock: 5,
		badges: ['Nou'],
		images: ['candle-gingerbread'],
		scent: 'seasonal',
		smellsLike: 'Ghimbir, scorțișoară, miere',
		waxColor: 'Caramel',
		containerType: 'glass',
		burnTimeHours: 45,
		sizeMm: [80, 95, 80],
		weightGrams: 320,
	},
	{
		slug: 'lumanare-scortisoara-si-portocala',
		name: 'Lumânare Scorțișoară și Portocală',
		description: 'Coajă de portocală confiată și scorțișoară, ca în bucătăria bunicii de sărbători.',
		kind: 'candle',
		category: 'editie-de-sezon',
		priceCents: 2690,
		stock: 20,
		badges: ['Handmade', 'Nou'],
		images: ['candle-cinnamon'],
		scent: 'seasonal',
		smellsLike: 'Portocală, scorțișoară, cuișoare',
		waxColor: 'Portocaliu',
		containerType: 'glass',
		burnTimeHours: 45,
		sizeMm: [80, 95, 80],
		weightGrams: 320,
	},
	{
		slug: 'lumanare-bumbac-curat',
		name: 'Lumânare Bumbac Curat',
		description: 'Miros de rufe proaspăt spălate și flori albe, discret și luminos.',
		kind: 'candle',
		category: 'lumanari-in-borcan',
		priceCents: 2190,
		stock: 9,
		badges: ['Handmade'],
		images: ['candle-cotton'],
		scent: 'ocean',
		smellsLike: 'Bumbac, flori albe, mosc',
		waxColor: 'Alb',
		containerType: 'glass',
		burnTimeHours: 45,
		sizeMm: [80, 95, 80],
		weightGrams: 320,
	},
	{
		slug: 'portret-de-familie-13x18',
		name: 'Portret de familie 13x18',
		description: 'Portret pictat manual pe carton, după fotografia voastră. Format mic, potrivit pentru birou sau raft.',
		kind: 'portrait_cardboard',
		category: 'portrete-de-familie',
		priceCents: 2990,
		stock: null,
		badges: ['Handmade', 'Bestseller'],
		images: ['portrait-family-small'],
		portraitSize: '13x18',
		sizeMm: [130, 180, 3],
		weightGrams: 60,
	},
	{
		slug: 'portret-de-familie-18x24',
		name: 'Portret de familie 18x24',
		description: 'Formatul mare, cu loc pentru toată familia și pentru detalii pe fundal.',
		kind: 'portrait_cardboard',
		category: 'portrete-de-familie',
		priceCents: 3990,
		stock: null,
		badges: ['Handmade'],
		images: ['portrait-family-large'],
		portraitSize: '18x24',
		sizeMm: [180, 240, 3],
		weightGrams: 110,
	},
	{
		slug: 'portret-cu-animalul-tau',
		name: 'Portret cu animalul tău de companie',
		description: 'Tu și prietenul tău blănos, pictați pe carton. Trimite-ne o poză în care vă vedem pe amândoi.',
		kind: 'portrait_cardboard',
		category: 'portrete-cu-animale',
		priceCents: 2990,
		stock: null,
		badges: ['Handmade', 'Nou'],
		images: ['portrait-pet'],
		portraitSize: '13x18',
		sizeMm: [130, 180, 3],
		weightGrams: 60,
	},
	{
		slug: 'set-cadou-seara-linistita',
		name: 'Set cadou „Seară liniștită”',
		description: 'Două lumânări în borcan (Vanilie și Santal, Lavandă), chibrituri și o felicitare scrisă de mână.',
		kind: 'gift_set',
		category: 'seturi-cadou',
		priceCents: 4990,
		stock: 6,
		badges: ['Handmade', 'Bestseller'],
		images: ['bundle-calm-evening'],
	},
	{
		slug: 'pachet-portret-si-lumanare',
		name: 'Pachet Portret și Lumânare',
		description: 'Un portret 13x18 și o lumânare la alegere, împachetate împreună. Detaliile portretului le stabilim pe e-mail.',
		kind: 'bundle',
		category: 'seturi-cadou',
		priceCents: 5490,
		stock: 4,
		badges: ['Nou'],
		images: ['bundle-portrait-candle'],
	},
	{
		slug: 'set-descoperire-5-lumanari-mini',
		name: 'Set descoperire — 5 lumânări mini',
		description: 'Cinci lumânări mini în cutii metalice, câte una din fiecare aromă: vanilie, ocean, lavandă, citrice și sezon.',
		kind: 'discovery_set',
		category: 'discovery',
		priceCents: 3490,
		stock: 10,
		badges: ['Handmade', 'Nou', 'Bestseller'],
		images: ['discovery-set'],
	},
	{
		slug: 'lumanare-lemn-de-cedru',
		name: 'Lumânare Lemn de Cedru',
		description: 'Cedru, vetiver și piper negru: o aromă caldă, lemnoasă, pentru serile lungi.',
		kind: 'candle',
		category: 'lumanari-in-cutie-metalica',
		priceCents: 2190,
		stock: 3,
		badges: ['Handmade'],
		images: ['candle-cedar'],
		scent: 'seasonal',
		smellsLike: 'Cedru, vetiver, piper negru',
		waxColor: 'Maro deschis',
		containerType: 'metal',
		burnTimeHours: 25,
		sizeMm: [75, 55, 75],
		weightGrams: 180,
	},
	{
		slug: 'lumanare-smochina-si-iasomie',
		name: 'Lumânare Smochină și Iasomie',
		description: 'Smochină coaptă, iasomie și un strop de mosc alb. În două mărimi: mică pentru noptieră, mare pentru sufragerie.',
		kind: 'candle',
		category: 'lumanari-in-borcan',
		priceCents: 1890,
		stock: null,
		badges: ['Handmade', 'Nou'],
		images: ['candle-fig'],
		scent: 'seasonal',
		smellsLike: 'Smochină, iasomie, mosc alb',
		waxColor: 'Roz pal',
		containerType: 'glass',
		burnTimeHours: 30,
		optionNames: ['Mărime'],
		variants: [
			{ values: ['Mică'], sku: 'SMO-IAS-M', priceCents: 1890, stock: 8, weightGrams: 200, image: 'candle-fig' },
			{ values: ['Mare'], sku: 'SMO-IAS-L', priceCents: 3490, stock: 3, weightGrams: 450, image: 'candle-fig-large' },
		],
	},
]

export const demoImageSpecs: DemoImageSpec[] = [
	{ kind: 'category', file: 'category-portraits', from: '#e9cfa7', to: '#b98b5c' },
	{ kind: 'category', file: 'category-candles', from: '#f7e1c6', to: '#e39b6b' },
	{ kind: 'category', file: 'category-bundles', from: '#f4d6d9', to: '#c9778a' },
	{ kind: 'category', file: 'category-discovery', from: '#dfe9dc', to: '#7fa88a' },
	{ kind: 'candle', file: 'candle-vanilla', from: '#fbf1e2', to: '#e8c9a0', wax: '#f4e6cf', container: 'glass' },
	{ kind: 'candle', file: 'candle-vanilla-2', from: '#f3e3cc', to: '#caa27a', wax: '#f4e6cf', container: 'glass' },
	{ kind: 'candle', file: 'candle-ocean', from: '#e3f1f7', to: '#8ec1d6', wax: '#cfe7f1', container: 'glass' },
	{ kind: 'candle', file: 'candle-lavender', from: '#efe7f6', to: '#b29ccf', wax: '#d9cbe9', container: 'metal' },
	{ kind: 'candle', file: 'candle-citrus', from: '#fff6d6', to: '#f2c14e', wax: '#fbeaa5', container: 'metal' },
	{ kind: 'candle', file: 'candle-gingerbread', from: '#f6e2cf', to: '#b7794a', wax: '#d9a877', container: 'glass' },
	{ kind: 'candle', file: 'candle-cinnamon', from: '#fde6d2', to: '#e0884a', wax: '#f2b27f', container: 'glass' },
	{ kind: 'candle', file: 'candle-cotton', from: '#f7f7f5', to: '#cfd6dc', wax: '#ffffff', container: 'glass' },
	{ kind: 'candle', file: 'candle-fig', from: '#f6e4e6', to: '#b9727f', wax: '#f1cdd3', container: 'glass' },
	{ kind: 'candle', file: 'candle-fig-large', from: '#efd9dc', to: '#8e4d5b', wax: '#ecc2ca', container: 'glass' },
	{ kind: 'candle', file: 'candle-cedar', from: '#ede3d6', to: '#8f6e4f', wax: '#c9a882', container: 'metal' },
	{ kind: 'portrait', file: 'portrait-family-small', people: 3, pet: false, frame: '#6b4a2b', backdrop: '#cfe3e8', clothes: ['#c0392b', '#2e86c1', '#27ae60'] },
	{
		kind: 'portrait',
		file: 'portrait-family-large',
		people: 4,
		pet: false,
		frame: '#3d2b1f',
		backdrop: '#f3dfc1',
		clothes: ['#8e44ad', '#2c3e50', '#e67e22', '#16a085'],
	},
	{ kind: 'portrait', file: 'portrait-pet', people: 1, pet: true, frame: '#6b4a2b', backdrop: '#e4f0d8', clothes: ['#d35400'] },
	{ kind: 'bundle', file: 'bundle-calm-evening', from: '#f1e6f4', to: '#b79fc7', box: '#fffaf2', lid: '#f3ece2', ribbon: '#8e5b9f' },
	{ kind: 'bundle', file: 'bundle-portrait-candle', from: '#f9e9dc', to: '#d9a27c', box: '#c49a6c', lid: '#d9b98c', ribbon: '#b03a2e' },
	{ kind: 'discovery', file: 'discovery-set', from: '#e6efe3', to: '#8fb39a', colors: ['#f4e6cf', '#cfe7f1', '#d9cbe9', '#fbeaa5', '#f2b27f'] },
]

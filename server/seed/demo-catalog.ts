import type { Badge, PortraitSize, ProductKind } from '#domain/enums.ts'

/** The demo shop a fresh install shows. Content is written in Romanian, the source language. */

/** A candle as the demo pictures show it; colours are sRGB (#rrggbb). */
export type DemoCandleLook = {
	container: 'glass' | 'metal'
	wax: string
	/** The scent on its paper label, a line a row. */
	label: string
	/** The larger size: a wider jar with three wicks. */
	large?: boolean
	/** A tin's metal. */
	metal?: 'silver' | 'brass' | 'black'
}

/**
 * How `npm run images:demo` renders each demo picture with POV-Ray (ADR 0273). `file` names the
 * WebP in server/seed/images, `backdrop` is the wall behind, `surface` what the products stand on.
 * A group shows other pictures' products together (a category's picture, the home page's hero).
 */
export type DemoImageSpec = { file: string; backdrop: string; surface: 'oak' | 'linen' } & (
	| { kind: 'candle'; candle: DemoCandleLook; view: 'front' | 'lit' }
	/** `frame` is the wooden stand's colour, `plate` the painted name plate's. */
	| { kind: 'portrait'; people: number; pet: boolean; size: PortraitSize; frame: string; plate: string; clothes: string[] }
	/** A gift box with the products of the pictures in `holds` in it. */
	| { kind: 'bundle'; box: string; lid: string; ribbon: string; holds: string[] }
	| { kind: 'discovery'; waxes: string[] }
	| { kind: 'group'; shows: string[]; width?: number; height?: number; lit?: boolean }
)

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

/** The picture the demo home page opens with: a media library image of the hero folder. */
export const DEMO_HOME_HERO = 'home-hero'

/**
 * The most a committed demo picture may weigh: the storefront's pages keep their Lighthouse mobile
 * score, and the repository stays small. The hero is larger (1600 by 1200 pixels, its phone copy
 * is made from it).
 */
export function demoImageMaxBytes(spec: Pick<DemoImageSpec, 'file'>) {
	return spec.file === DEMO_HOME_HERO ? 150_000 : 60_000
}

export const demoImageSpecs: DemoImageSpec[] = [
	{
		kind: 'candle',
		file: 'candle-vanilla',
		backdrop: '#eadccb',
		surface: 'oak',
		view: 'front',
		candle: { container: 'glass', wax: '#f4e6cf', label: 'Vanilie\n& Santal' },
	},
	{
		kind: 'candle',
		file: 'candle-vanilla-2',
		backdrop: '#e6d5c0',
		surface: 'linen',
		view: 'lit',
		candle: { container: 'glass', wax: '#f4e6cf', label: 'Vanilie\n& Santal' },
	},
	{
		kind: 'candle',
		file: 'candle-ocean',
		backdrop: '#dde7ea',
		surface: 'linen',
		view: 'front',
		candle: { container: 'glass', wax: '#cfe7f1', label: 'Briză\nMarină' },
	},
	{
		kind: 'candle',
		file: 'candle-lavender',
		backdrop: '#e6dfea',
		surface: 'oak',
		view: 'front',
		candle: { container: 'metal', metal: 'silver', wax: '#d9cbe9', label: 'Lavandă' },
	},
	{
		kind: 'candle',
		file: 'candle-citrus',
		backdrop: '#f1e8d2',
		surface: 'linen',
		view: 'front',
		candle: { container: 'metal', metal: 'brass', wax: '#fbeaa5', label: 'Citrice\nde Vară' },
	},
	{
		kind: 'candle',
		file: 'candle-gingerbread',
		backdrop: '#ead8c6',
		surface: 'oak',
		view: 'lit',
		candle: { container: 'glass', wax: '#d9a877', label: 'Turtă\nDulce' },
	},
	{
		kind: 'candle',
		file: 'candle-cinnamon',
		backdrop: '#f0dcc8',
		surface: 'oak',
		view: 'front',
		candle: { container: 'glass', wax: '#f2b27f', label: 'Scorțișoară\n& Portocală' },
	},
	{
		kind: 'candle',
		file: 'candle-cotton',
		backdrop: '#e6eaec',
		surface: 'linen',
		view: 'front',
		candle: { container: 'glass', wax: '#f7f5f0', label: 'Bumbac\nCurat' },
	},
	{
		kind: 'candle',
		file: 'candle-fig',
		backdrop: '#ecdcdc',
		surface: 'oak',
		view: 'front',
		candle: { container: 'glass', wax: '#f1cdd3', label: 'Smochină\n& Iasomie' },
	},
	{
		kind: 'candle',
		file: 'candle-fig-large',
		backdrop: '#ecdcdc',
		surface: 'oak',
		view: 'front',
		candle: { container: 'glass', wax: '#ecc2ca', label: 'Smochină\n& Iasomie', large: true },
	},
	{
		kind: 'candle',
		file: 'candle-cedar',
		backdrop: '#e2d9cd',
		surface: 'oak',
		view: 'front',
		candle: { container: 'metal', metal: 'black', wax: '#c9a882', label: 'Lemn\nde Cedru' },
	},
	{
		kind: 'portrait',
		file: 'portrait-family-small',
		backdrop: '#d9e6e8',
		surface: 'oak',
		people: 3,
		pet: false,
		size: '13x18',
		frame: '#8a6440',
		plate: '#6b4a2b',
		clothes: ['#c0392b', '#2e86c1', '#27ae60'],
	},
	{
		kind: 'portrait',
		file: 'portrait-family-large',
		backdrop: '#efe0c9',
		surface: 'oak',
		people: 4,
		pet: false,
		size: '18x24',
		frame: '#5a3d26',
		plate: '#3d2b1f',
		clothes: ['#8e44ad', '#2c3e50', '#e67e22', '#16a085'],
	},
	{
		kind: 'portrait',
		file: 'portrait-pet',
		backdrop: '#e2ecd8',
		surface: 'linen',
		people: 1,
		pet: true,
		size: '13x18',
		frame: '#8a6440',
		plate: '#6b4a2b',
		clothes: ['#d35400'],
	},
	{
		kind: 'bundle',
		file: 'bundle-calm-evening',
		backdrop: '#e9e0ee',
		surface: 'linen',
		box: '#fbf6ee',
		lid: '#f3ece2',
		ribbon: '#8e5b9f',
		holds: ['candle-vanilla', 'candle-lavender-jar'],
	},
	{
		kind: 'bundle',
		file: 'bundle-portrait-candle',
		backdrop: '#f0e0d2',
		surface: 'oak',
		box: '#c49a6c',
		lid: '#d9b98c',
		ribbon: '#b03a2e',
		holds: ['portrait-family-small', 'candle-cinnamon'],
	},
	{ kind: 'discovery', file: 'discovery-set', backdrop: '#e3ebe0', surface: 'linen', waxes: ['#f4e6cf', '#cfe7f1', '#d9cbe9', '#fbeaa5', '#f2b27f'] },
	{ kind: 'group', file: 'category-portraits', backdrop: '#e6dccd', surface: 'oak', shows: ['portrait-family-small', 'portrait-pet'] },
	{
		kind: 'group',
		file: 'category-candles',
		backdrop: '#efe2d2',
		surface: 'oak',
		shows: ['candle-vanilla', 'candle-lavender', 'candle-ocean', 'candle-citrus'],
	},
	{ kind: 'group', file: 'category-bundles', backdrop: '#eddcdf', surface: 'linen', shows: ['bundle-calm-evening', 'bundle-portrait-candle'] },
	{ kind: 'group', file: 'category-discovery', backdrop: '#dfe9dc', surface: 'oak', shows: ['discovery-set'] },
	{
		kind: 'group',
		file: DEMO_HOME_HERO,
		backdrop: '#e8d6c2',
		surface: 'oak',
		shows: ['portrait-family-small', 'candle-vanilla', 'candle-fig', 'candle-lavender', 'bundle-calm-evening'],
		width: 1600,
		height: 1200,
		lit: true,
	},
]

/** Candles that only appear inside other pictures (a gift set's second candle). */
export const demoImageExtras: DemoImageSpec[] = [
	{
		kind: 'candle',
		file: 'candle-lavender-jar',
		backdrop: '#e6dfea',
		surface: 'oak',
		view: 'front',
		candle: { container: 'glass', wax: '#d9cbe9', label: 'Lavandă' },
	},
]

/**
 * English and Spanish for the demo catalogue, keyed by slug, so a fresh install reads well in every
 * language with no translation provider. The seed stores them as an editor's translations (ADR 0093).
 */

export type DemoTexts = { name: string; description: string }
export type DemoTranslation = { en: DemoTexts; es: DemoTexts }

export const demoCategoryTranslations: Record<string, DemoTranslation> = {
	portrait_cardboard: {
		en: { name: 'Cardboard portraits', description: 'Personalised portraits, hand-painted on cardboard from your photo.' },
		es: { name: 'Retratos en cartón', description: 'Retratos personalizados, pintados a mano sobre cartón a partir de tu foto.' },
	},
	'portrete-de-familie': {
		en: { name: 'Family portraits', description: 'The whole family, in a single frame.' },
		es: { name: 'Retratos de familia', description: 'Toda la familia, en un solo cuadro.' },
	},
	'portrete-cu-animale': {
		en: { name: 'Pet portraits', description: 'For your best four-legged friends.' },
		es: { name: 'Retratos con mascotas', description: 'Para tus mejores amigos de cuatro patas.' },
	},
	candle: {
		en: { name: 'Scented candles', description: 'Soy wax candles, hand-poured in small batches.' },
		es: { name: 'Velas aromáticas', description: 'Velas de cera de soja, vertidas a mano en pequeños lotes.' },
	},
	'lumanari-in-borcan': {
		en: { name: 'Candles in glass jars', description: 'Reusable glass jars.' },
		es: { name: 'Velas en tarro de cristal', description: 'Tarros de cristal reutilizables.' },
	},
	'lumanari-in-cutie-metalica': {
		en: { name: 'Candles in tins', description: 'Perfect for travelling.' },
		es: { name: 'Velas en lata', description: 'Perfectas para viajar.' },
	},
	'editie-de-sezon': {
		en: { name: 'Seasonal edition', description: 'Scents that come and go with the seasons.' },
		es: { name: 'Edición de temporada', description: 'Aromas que llegan y se van con las estaciones.' },
	},
	bundles: {
		en: { name: 'Bundles and gift sets', description: 'Ready-wrapped combinations for your loved ones.' },
		es: { name: 'Packs y sets de regalo', description: 'Combinaciones listas para regalar a tus seres queridos.' },
	},
	'seturi-cadou': {
		en: { name: 'Gift sets', description: 'Complete gifts, with a card.' },
		es: { name: 'Sets de regalo', description: 'Regalos completos, con tarjeta.' },
	},
	discovery: {
		en: { name: 'Discovery set', description: 'Try several scents before choosing your favourite.' },
		es: { name: 'Set descubrimiento', description: 'Prueba varios aromas antes de elegir tu favorito.' },
	},
}

export const demoProductTranslations: Record<string, DemoTranslation> = {
	'lumanare-vanilie-si-santal': {
		en: {
			name: 'Vanilla and Sandalwood Candle',
			description: 'Creamy vanilla with warm notes of sandalwood. Soy wax, cotton wick, about 45 hours of burning.',
		},
		es: {
			name: 'Vela de Vainilla y Sándalo',
			description: 'Vainilla cremosa con cálidas notas de madera de sándalo. Cera de soja, mecha de algodón, unas 45 horas de combustión.',
		},
	},
	'lumanare-briza-marina': {
		en: { name: 'Sea Breeze Candle', description: 'Salty air, seaweed and a hint of bergamot, for an evening that smells of holidays.' },
		es: { name: 'Vela Brisa Marina', description: 'Aire salado, algas y un toque de bergamota, para una tarde que huele a vacaciones.' },
	},
	'lumanare-lavanda-de-provence': {
		en: { name: 'Provence Lavender Candle', description: 'Real lavender and a little rosemary, ideal for the bedroom. Back in stock soon.' },
		es: { name: 'Vela Lavanda de Provenza', description: 'Lavanda auténtica y un poco de romero, ideal para el dormitorio. Pronto de nuevo en stock.' },
	},
	'lumanare-citrice-de-vara': {
		en: { name: 'Summer Citrus Candle', description: 'Lemon, grapefruit and sweet orange, poured into a tin that is easy to take with you.' },
		es: { name: 'Vela Cítricos de Verano', description: 'Limón, pomelo y naranja dulce, vertidos en una lata fácil de llevar contigo.' },
	},
	'lumanare-turta-dulce': {
		en: { name: 'Gingerbread Candle', description: 'Ginger, cinnamon and honey: a limited winter edition.' },
		es: { name: 'Vela Pan de Jengibre', description: 'Jengibre, canela y miel: edición limitada de invierno.' },
	},
	'lumanare-scortisoara-si-portocala': {
		en: { name: 'Cinnamon and Orange Candle', description: "Candied orange peel and cinnamon, like grandma's kitchen at the holidays." },
		es: { name: 'Vela de Canela y Naranja', description: 'Piel de naranja confitada y canela, como en la cocina de la abuela en las fiestas.' },
	},
	'lumanare-bumbac-curat': {
		en: { name: 'Clean Cotton Candle', description: 'The scent of freshly washed laundry and white flowers, subtle and bright.' },
		es: { name: 'Vela Algodón Limpio', description: 'Aroma a ropa recién lavada y flores blancas, discreto y luminoso.' },
	},
	'portret-de-familie-13x18': {
		en: {
			name: 'Family portrait 13x18',
			description: 'A portrait hand-painted on cardboard from your photo. The small size, right for a desk or a shelf.',
		},
		es: {
			name: 'Retrato de familia 13x18',
			description: 'Retrato pintado a mano sobre cartón a partir de vuestra foto. Formato pequeño, ideal para el escritorio o una estantería.',
		},
	},
	'portret-de-familie-18x24': {
		en: { name: 'Family portrait 18x24', description: 'The large size, with room for the whole family and for details in the background.' },
		es: { name: 'Retrato de familia 18x24', description: 'El formato grande, con espacio para toda la familia y para detalles en el fondo.' },
	},
	'portret-cu-animalul-tau': {
		en: {
			name: 'Portrait with your pet',
			description: 'You and your furry friend, painted on cardboard. Send us a photo in which we can see you both.',
		},
		es: {
			name: 'Retrato con tu mascota',
			description: 'Tú y tu amigo peludo, pintados sobre cartón. Envíanos una foto en la que se os vea a los dos.',
		},
	},
	'set-cadou-seara-linistita': {
		en: {
			name: '“Quiet Evening” gift set',
			description: 'Two candles in jars (Vanilla and Sandalwood, Lavender), matches and a handwritten card.',
		},
		es: {
			name: 'Set de regalo «Tarde tranquila»',
			description: 'Dos velas en tarro (Vainilla y Sándalo, Lavanda), cerillas y una tarjeta escrita a mano.',
		},
	},
	'pachet-portret-si-lumanare': {
		en: {
			name: 'Portrait and Candle bundle',
			description: 'A 13x18 portrait and a candle of your choice, wrapped together. We agree the details of the portrait by email.',
		},
		es: {
			name: 'Pack Retrato y Vela',
			description: 'Un retrato 13x18 y una vela a elegir, envueltos juntos. Los detalles del retrato los acordamos por correo electrónico.',
		},
	},
	'set-descoperire-5-lumanari-mini': {
		en: {
			name: 'Discovery set — 5 mini candles',
			description: 'Five mini candles in tins, one of each scent: vanilla, ocean, lavender, citrus and seasonal.',
		},
		es: {
			name: 'Set descubrimiento — 5 velas mini',
			description: 'Cinco velas mini en latas, una de cada aroma: vainilla, océano, lavanda, cítricos y temporada.',
		},
	},
	'lumanare-lemn-de-cedru': {
		en: { name: 'Cedarwood Candle', description: 'Cedar, vetiver and black pepper: a warm, woody scent for long evenings.' },
		es: { name: 'Vela de Madera de Cedro', description: 'Cedro, vetiver y pimienta negra: un aroma cálido y amaderado para las noches largas.' },
	},
	'lumanare-smochina-si-iasomie': {
		en: {
			name: 'Fig and Jasmine Candle',
			description: 'Ripe fig, jasmine and a touch of white musk. In two sizes: small for the bedside table, large for the living room.',
		},
		es: {
			name: 'Vela de Higo y Jazmín',
			description: 'Higo maduro, jazmín y un toque de almizcle blanco. En dos tamaños: pequeña para la mesilla, grande para el salón.',
		},
	},
}

/** English and Spanish for the demo products' option names and values (ADR 0264), keyed by the Romanian text. */
export const demoOptionTranslations: Record<string, DemoWords> = {
	Mărime: { en: 'Size', es: 'Tamaño' },
	Mică: { en: 'Small', es: 'Pequeña' },
	Mare: { en: 'Large', es: 'Grande' },
}

/** English and Spanish for the demo candles' 'smells like' and wax colour (ADR 0138), keyed by the Romanian text. */
export const demoAttributeTranslations: { smellsLike: Record<string, DemoWords>; waxColor: Record<string, DemoWords> } = {
	smellsLike: {
		'Vanilie, lemn de santal, zahăr ars': { en: 'Vanilla, sandalwood, burnt sugar', es: 'Vainilla, sándalo, azúcar quemado' },
		'Sare de mare, alge, bergamotă': { en: 'Sea salt, seaweed, bergamot', es: 'Sal marina, algas, bergamota' },
		'Lavandă, rozmarin': { en: 'Lavender, rosemary', es: 'Lavanda, romero' },
		'Lămâie, grepfrut, portocală': { en: 'Lemon, grapefruit, orange', es: 'Limón, pomelo, naranja' },
		'Ghimbir, scorțișoară, miere': { en: 'Ginger, cinnamon, honey', es: 'Jengibre, canela, miel' },
		'Portocală, scorțișoară, cuișoare': { en: 'Orange, cinnamon, cloves', es: 'Naranja, canela, clavo' },
		'Bumbac, flori albe, mosc': { en: 'Cotton, white flowers, musk', es: 'Algodón, flores blancas, almizcle' },
		'Cedru, vetiver, piper negru': { en: 'Cedar, vetiver, black pepper', es: 'Cedro, vetiver, pimienta negra' },
		'Smochină, iasomie, mosc alb': { en: 'Fig, jasmine, white musk', es: 'Higo, jazmín, almizcle blanco' },
	},
	waxColor: {
		Crem: { en: 'Cream', es: 'Crema' },
		'Albastru deschis': { en: 'Light blue', es: 'Azul claro' },
		Lila: { en: 'Lilac', es: 'Lila' },
		'Galben pal': { en: 'Pale yellow', es: 'Amarillo pálido' },
		Caramel: { en: 'Caramel', es: 'Caramelo' },
		Portocaliu: { en: 'Orange', es: 'Naranja' },
		Alb: { en: 'White', es: 'Blanco' },
		'Maro deschis': { en: 'Light brown', es: 'Marrón claro' },
		'Roz pal': { en: 'Pale pink', es: 'Rosa pálido' },
	},
}

export type DemoWords = { en: string; es: string }

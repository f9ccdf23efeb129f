/** Facts about the shop shown on pages and in emails. */
export const SHOP = {
	name: 'Lumină & Carton',
	email: 'contact@luminasicarton.ro',
	videoChannelUrl: 'https://www.youtube.com/@luminasicarton',
	instagramUrl: 'https://www.instagram.com/luminasicarton',
	facebookUrl: 'https://www.facebook.com/luminasicarton',
	founder: 'Ioana',
	developerPlatform: 'Lumină & Carton Studio',
} as const

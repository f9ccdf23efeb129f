import { auditPages, LIGHTHOUSE_CATEGORIES, LIGHTHOUSE_TARGETS, type PageAudit } from '../lib/lighthouse.ts'

export type LighthouseFigures = { runs: number; targets: typeof LIGHTHOUSE_TARGETS; pages: PageAudit[] }

/** Lighthouse mobile medians for the given pages (scripts/lib/lighthouse.ts), logged as they come. */
export async function measureLighthouse(baseUrl: string, paths: string[], runs: number): Promise<LighthouseFigures> {
	const pages = await auditPages({
		baseUrl,
		paths,
		runs,
		onPage(audit) {
			console.log(`  ${audit.path}: ${LIGHTHOUSE_CATEGORIES.map((category) => `${category} ${audit.medians[category]}`).join(', ')}`)
		},
	})
	return { runs, targets: LIGHTHOUSE_TARGETS, pages }
}

export type Problem = { what: string; packages?: string[]; fix?: string }
export type PreflightSystem = {
	isRoot: boolean
	run(command: string, args: string[]): number
	output(command: string, args: string[]): string | null
	databaseProblem(url: string): Promise<string | null>
}
export const DEFAULT_DATABASE_URL: string
export function parseClusters(output: string): { version: string; name: string; port: number; running: boolean }[]
export function preflight(options?: { env?: Record<string, string | undefined>; system?: PreflightSystem; say?: (line: string) => void }): Promise<Problem[]>
export function problemLine(problems: Problem[], who: { isRoot: boolean }): string

export const BUILDS_FOLDER: string
export const KEPT_BUILDS: number
export function keptBuilds(root: string): { id: string; dir: string; builtAt: string }[]
export function activeBuildId(root: string): string | null
export function stagingDir(root: string): string
export function keepStagedBuild(root: string, staging: string): string
export function keepActiveBuild(root: string): string | null
export function activateBuild(root: string, id: string): void

export const SOURCE_FOLDERS: string[]
export const SOURCE_FILES: string[]
export const STAMP_FILE: string
export type SourceStamp = { stamp: string; files: Record<string, string> }
export function computeSourceStamp(root: string): SourceStamp
export function writeSourceStamp(root: string, buildDir: string, stamp?: SourceStamp): void
export function readSourceStamp(buildDir: string): (SourceStamp & { builtAt: string }) | null
export function staleBuildReason(root: string, buildDir?: string): string | null
export function copyMigrationsIntoBuild(root: string, buildDir: string): void
export function buildId(buildDir: string): string | null

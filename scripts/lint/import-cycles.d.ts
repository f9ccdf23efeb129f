import type { Rule } from 'eslint'

export type ImportGraph = Map<string, { target: string }[]>
export function importSpecifiers(text: string): { specifier: string }[]
export function importGraph(root: string, files?: string[]): ImportGraph
export function importCycles(graph: ImportGraph): Set<string>[]
export const noImportCycles: Rule.RuleModule

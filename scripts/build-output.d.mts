export function withoutUpstreamDeprecations(text: string): string

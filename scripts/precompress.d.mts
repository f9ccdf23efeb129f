export const COMPRESSIBLE: RegExp
export function precompressClientBuild(clientDir: string): Promise<number>

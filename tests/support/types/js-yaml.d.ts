declare module 'js-yaml' {
	export function load(text: string): unknown
}

import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react'
import { Scripts, type ScriptsProps } from 'react-router'

type ElementProps = { rel?: string; href?: string; type?: string; dangerouslySetInnerHTML?: { __html: string }; children?: ReactNode }

/** `import * as route0 from "/assets/root-x.js";` as React Router writes it in its module script. */
const STATIC_IMPORT = /^import \* as ([\w$]+) from ("[^"\n]+");$/gm
const ANY_STATIC_IMPORT = /^\s*import[\s*{"']/m

/** The most the JavaScript waits for the first paint and the images above the fold (a slow or stuck image must not keep the page inert). */
const PAINT_WAIT_MS = 2500

/**
 * The bootstrap that runs before the page's modules. In a visible tab it waits until the browser
 * reports the first contentful paint (Paint Timing, where supported) and the eager images in the
 * first screen are decoded, at most PAINT_WAIT_MS, then two more frames, so that the page is on
 * screen with those images; a hidden tab paints nothing and does not wait. Then it asks for every
 * module of the page, a few links per task (starting a fetch costs the main thread ~0.5 ms).
 */
function bootstrap(hrefs: string[]) {
	return `{
  if (document.visibilityState === "visible") {
    const inView = (image) => { const box = image.getBoundingClientRect(); return box.width > 0 && box.bottom > 0 && box.top < innerHeight; };
    const images = [...document.images].filter((image) => image.loading !== "lazy" && inView(image)).map((image) => image.decode().catch(() => {}));
    const painted = new Promise((resolve) => {
      if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return resolve();
      new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); resolve(); } }).observe({ type: "paint", buffered: true });
    });
    await Promise.race([Promise.all([...images, painted]), new Promise((resolve) => setTimeout(resolve, ${PAINT_WAIT_MS}))]);
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }
  const hrefs = ${JSON.stringify(hrefs)};
  for (let i = 0; i < hrefs.length; i += 5) {
    if (i) await new Promise((resolve) => setTimeout(resolve, 0));
    for (const href of hrefs.slice(i, i + 5)) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }
  }
}
`
}

function isPlainFunctionComponent(component: unknown): boolean {
	return typeof component === 'function' && !(component.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent
}

function flatten(node: ReactNode): ReactElement<ElementProps>[] {
	const out: ReactElement<ElementProps>[] = []
	Children.forEach(node, (child) => {
		if (!isValidElement<ElementProps>(child)) return
		if (typeof child.type === 'string') out.push(child)
		else out.push(...flatten(child.props.children))
	})
	return out
}

/**
 * React Router's `<Scripts>`, loaded after the first paint. `<Scripts>` puts a `modulepreload` link
 * per module in the head and imports the route modules statically, so the browser fetches all the
 * page's JavaScript (~150 KB gzipped) while it still has the document and the images above the
 * fold to fetch, and a phone network shares its bandwidth between them. The page is server-rendered
 * and readable without JavaScript, which only hydrates it; so here the same modules are fetched
 * once the page and its eager images have painted: the module script waits for that, then adds the
 * preload links and imports the route modules dynamically, in the same order. See docs/decisions/0015.
 *
 * `modules` are more modules to fetch with them (the page's language chunk, which entry.client
 * would otherwise only ask for once it runs).
 *
 * The rewrite only touches what it recognises; anything else (development, another React Router
 * output) is rendered exactly as `<Scripts>` gives it.
 */
export function DeferredScripts({ modules = [], ...props }: ScriptsProps & { modules?: (string | undefined)[] }) {
	// Called as a function, not rendered: its hooks run as this component's, and its output can be rewritten.
	// That holds while React Router ships it as a plain function component; should a release make it
	// anything else (memo, forwardRef, a class), it is rendered as it is and loads without the deferral (ADR 0180).
	if (!isPlainFunctionComponent(Scripts)) return <Scripts {...props} />
	const original = Scripts(props)
	if (import.meta.env.DEV || !original) return original
	const elements = flatten(original)
	const scripts = elements.filter((element) => element.type === 'script')
	// The browser hydrates the same script elements, without the preload links; React leaves a hydrated
	// script's text alone, so the rewrite (and its bootstrap) stays out of the client bundle.
	const source = import.meta.env.SSR ? deferredSource(elements, modules) : null
	if (import.meta.env.SSR && source === null) return original
	return (
		<>
			{scripts.map((element, index) =>
				cloneElement(element, { key: index, ...(source !== null && element.props.type === 'module' ? { dangerouslySetInnerHTML: { __html: source } } : {}) }),
			)}
		</>
	)
}

/** The module script's text with the bootstrap and dynamic imports, or null when the output is not the one this knows. */
function deferredSource(elements: ReactElement<ElementProps>[], modules: (string | undefined)[]): string | null {
	const moduleScripts = elements.filter((element) => element.type === 'script' && element.props.type === 'module')
	const source = moduleScripts[0]?.props.dangerouslySetInnerHTML?.__html
	if (
		moduleScripts.length !== 1 ||
		!source ||
		elements.some((element) => element.type !== 'script' && !(element.type === 'link' && element.props.rel === 'modulepreload'))
	)
		return null
	const preloads = elements.filter((element) => element.type === 'link').map((link) => link.props.href)
	const hrefs = [...new Set([...preloads, ...modules].filter((href): href is string => Boolean(href)))]
	const hrefList = hrefs.join(' ')
	const known = deferredSources.find((entry) => entry.source === source && entry.hrefs === hrefList)
	if (known) return known.deferred
	const deferred = rewrite(source, hrefs)
	deferredSources.unshift({ source, hrefs: hrefList, deferred })
	deferredSources.length = Math.min(deferredSources.length, MAX_DEFERRED_SOURCES)
	return deferred
}

/**
 * Recent rewrites: a page's module script names its routes' modules and its partial route manifest,
 * the same for every product page, so the rewrite is done once per kind of page (ADR 0145). Looked
 * up by comparing texts (unequal lengths differ at once) rather than hashing a few kilobytes a page.
 */
const deferredSources: { source: string; hrefs: string; deferred: string | null }[] = []
const MAX_DEFERRED_SOURCES = 128

function rewrite(source: string, hrefs: string[]) {
	const rewritten = source.replace(STATIC_IMPORT, (_, name: string, href: string) => `const ${name} = await import(${href});`)
	// An import this rewrite does not know (an HMR runtime, a new form) would be fetched at once: keep the original then.
	if (ANY_STATIC_IMPORT.test(rewritten)) return null
	return bootstrap(hrefs) + rewritten
}

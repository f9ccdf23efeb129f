import { imageSrcSet } from '#domain/images.ts'

/**
 * An image with its WebP srcset (when the server stored it), fixed width/height against layout shift,
 * and lazy loading unless it is near the top of the page.
 */
export function ResponsiveImage({
	src,
	sizes,
	width,
	height,
	alt,
	eager = false,
	className,
}: {
	src: string
	sizes: string
	width: number
	height: number
	alt: string
	/** Above the fold: load at once (the first one with high priority). */
	eager?: boolean | 'high'
	className?: string
}) {
	return (
		<img
			src={src}
			srcSet={imageSrcSet(src)}
			sizes={sizes}
			width={width}
			height={height}
			alt={alt}
			loading={eager ? 'eager' : 'lazy'}
			// The main image is the largest paint: decoding it off the critical frame would paint it a frame later.
			decoding={eager === 'high' ? undefined : 'async'}
			fetchPriority={eager === 'high' ? 'high' : undefined}
			className={className}
		/>
	)
}

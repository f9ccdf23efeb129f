/** Admin media and catalogue images: JPEG, PNG or WebP, at most 5 MB each. */
export const ADMIN_IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const ADMIN_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const ADMIN_IMAGE_ACCEPT = ADMIN_IMAGE_TYPES.join(',')

export type FileRejection = 'invalid' | 'too-large'

/** The browser-side check before a file is sent; the server checks the real bytes again. */
export function checkImageFile(file: { type: string; size: number }): FileRejection | null {
	if (!(ADMIN_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalid'
	if (file.size > ADMIN_IMAGE_MAX_BYTES) return 'too-large'
	return null
}

/** Size in KB as the media grid shows it. */
export function sizeInKb(bytes: number) {
	return Math.max(1, Math.round(bytes / 1024))
}

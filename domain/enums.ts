/** Value lists shared by the database schema, the zod form schemas and the UI. */

export const ORDER_STATUSES = ['new', 'processing', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** A refund's state at the provider (ADR 0115): it counts once it has succeeded. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/**
 * The product's kind (`product.category` in the original data model): the kind of product, separate from its catalogue category.
 * The spec names two; the shop also sells bundles, discovery sets and gift sets (ADR 0124), which
 * are neither a candle's fields nor a portrait's customiser.
 */
export const PRODUCT_KINDS = ['portrait_cardboard', 'candle', 'bundle', 'discovery_set', 'gift_set'] as const
export type ProductKind = (typeof PRODUCT_KINDS)[number]

export const PORTRAIT_SIZES = ['13x18', '18x24'] as const
export type PortraitSize = (typeof PORTRAIT_SIZES)[number]

export const BADGES = ['Handmade', 'Nou', 'Bestseller'] as const
export type Badge = (typeof BADGES)[number]

export const SCENTS = ['vanilla', 'ocean', 'lavender', 'citrus', 'seasonal'] as const
export type Scent = (typeof SCENTS)[number]

export const CONTAINER_TYPES = ['glass', 'metal'] as const

export const ROLES = ['admin', 'editor'] as const
export type Role = (typeof ROLES)[number]

export const MEDIA_FOLDERS = ['products', 'hero', 'banners'] as const
export type MediaFolder = (typeof MEDIA_FOLDERS)[number]

export const LOCALES = ['en', 'ro', 'es'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'
/** Content (names, descriptions) is written in Romanian and translated from it. */
export const CONTENT_SOURCE_LOCALE: Locale = 'ro'

export const STOCK_HOLD_STATUSES = ['held', 'sold', 'released'] as const
export type StockHoldStatus = (typeof STOCK_HOLD_STATUSES)[number]

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const
export type EmailStatus = (typeof EMAIL_STATUSES)[number]

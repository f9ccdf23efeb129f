/**
 * No line may hold more than this, whatever the stock; keeps a tampered value from overflowing totals.
 * Its own module so that the cart line's schema (cart-line.ts) and its zod-free guard
 * (cart-line-guard.ts) both read it without importing each other.
 */
export const CART_MAX_QUANTITY = 999

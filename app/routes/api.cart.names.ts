import { cartProductNames } from '#server/catalog/cart-names.ts'
import { getApp } from '#server/context.ts'
import type { Route } from './+types/api.cart.names'

/** GET ?lang=es&id=…&id=… → { names: { [productId]: name } }: the cart's products named in that language (ADR 0134). */
export async function loader({ request, context }: Route.LoaderArgs) {
	const names = await cartProductNames(getApp(context), new URL(request.url).searchParams)
	if (!names) return Response.json({ names: {} }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
	// The same for everyone; a few minutes old is fine (an editor's rename shows soon after).
	return Response.json({ names }, { headers: { 'Cache-Control': 'public, max-age=300' } })
}

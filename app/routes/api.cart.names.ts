import { cartProductNames } from '#server/catalog/cart-names.ts'
import { getApp } from '#server/context.ts'
import type { Route } from './+types/api.cart.names'

/** GET ?lang=es&id=…&id=… → { names: { [productId]: name }, prices: { [productId]: price } }: the cart's products named in that language (ADR 0134) and priced now (ADR 0245). */
export async function loader({ request, context }: Route.LoaderArgs) {
	const answer = await cartProductNames(getApp(context), new URL(request.url).searchParams)
	if (!answer) return Response.json({ names: {}, prices: {} }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
	// The same for everyone, but never kept: a sale starting or ending must show in the cart at once.
	return Response.json(answer, { headers: { 'Cache-Control': 'no-store' } })
}

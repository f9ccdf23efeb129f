import { sql } from 'drizzle-orm'
import { queryRows, type Database } from '#db/client.ts'
import { customer } from '../lib/checkout-customer.ts'
import { startShop } from '../lib/shop-process.ts'
import { addSeriesProducts, translateEveryProduct, withBenchHandle, type BenchDatabase } from './data.ts'

/** The history the scale benchmark builds: a busy small shop's three years, and a catalogue imported from a marketplace. */
export type ScaleSize = { products: number; categories: number; customers: number; orders: number; lines: number }

export const FULL_SCALE: ScaleSize = { products: 100_000, categories: 50, customers: 50_000, orders: 300_000, lines: 1_000_000 }

const TEST_CARD = '4242424242424242'

/**
 * One order placed and paid through the running shop, the way a customer does (checkout form, then
 * the built-in test card), so its stored shapes (address, tax decision, invoice snapshot) are the
 * shop's own. The seed copies it.
 */
async function placeTemplateOrder(database: BenchDatabase, productId: string): Promise<void> {
	const shop = await startShop({ dataDir: database.dataDir, env: { ...database.env, PAYMENTS_TEST_MODE: '1', SEED_DEMO_CATALOG: 'false' } })
	try {
		const fields = Object.fromEntries(Object.entries(customer).map(([name, value]) => [name, String(value ?? '')]))
		const placed = await fetch(`${shop.url}/ro/checkout`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop.url, Cookie: 'lang=ro' },
			body: new URLSearchParams({ ...fields, items: JSON.stringify([{ kind: 'product', productId, quantity: 2 }]) }),
		})
		const paymentPage = placed.headers.get('location')
		if (placed.status !== 302 || !paymentPage) throw new Error(`the template checkout answered ${placed.status}`)
		const paid = await fetch(new URL(paymentPage, shop.url), {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop.url, Cookie: 'lang=ro' },
			body: new URLSearchParams({ cardNumber: TEST_CARD, expiry: '12/39', cvc: '123', name: customer.fullName }),
		})
		if (paid.status !== 302) throw new Error(`the template payment answered ${paid.status}`)
	} finally {
		await shop.stop()
	}
}

/**
 * Fills the benchmark's database (PostgreSQL or PGlite) to `size`: products (the generated candles,
 * translated), categories sharing them out, then orders over three years from `size.customers`
 * addresses, their lines, and an invoice for every paid one, all copied from one real order. Set-based
 * SQL with the triggers off (as a bulk import does), then the figures the triggers keep (units sold,
 * invoice counters, the customers list) set once, and the planner's statistics gathered. The template
 * order is the only one in the database when it starts. The seed lets go of the database while the
 * shop takes that order: a PGlite folder serves one process at a time.
 */
export async function seedScaleHistory(database: BenchDatabase, size: ScaleSize, log: (line: string) => void) {
	const templateProductId = await withBenchHandle(database, (handle) => seedScaleCatalogue(handle.db, size, log))
	await placeTemplateOrder(database, templateProductId)
	log('template order paid')
	await withBenchHandle(database, (handle) => seedScaleOrders(handle.db, size, log))
}

/** The products, their categories, variants and translations; returns the product the template order buys. */
async function seedScaleCatalogue(db: Database, size: ScaleSize, log: (line: string) => void): Promise<string> {
	await addSeriesProducts(db, size.products)
	log(`products: ${size.products}`)
	await db.execute(sql`
		insert into categories (slug, name, description, display_order)
		select 'colectia-' || g, 'Colecția ' || g, 'Lumânări din colecția ' || g, 100 + g from generate_series(1, ${size.categories}) g
		on conflict do nothing`)
	await db.execute(sql`
		with shelves as (select array_agg(id order by slug) as ids from categories where slug like 'colectia-%')
		update products set category_id = shelves.ids[1 + (abs(hashtext(products.slug)) % cardinality(shelves.ids))]
		from shelves where products.slug like 'lumanare-serie-%'`)
	log(`categories: ${size.categories}`)
	const variants = await addScaleVariants(db)
	log(`variants: ${variants}`)
	await translateEveryProduct(db)
	log('translations')

	const [template] = await queryRows<{ product_id: string }>(
		db,
		sql`select id as product_id from products where slug like 'lumanare-serie-%' order by slug limit 1`,
	)
	return template!.product_id
}

/** The orders, copied from the template order, their lines and invoices, then the figures the triggers keep. */
async function seedScaleOrders(db: Database, size: ScaleSize, log: (line: string) => void) {
	await db.transaction(async (tx) => {
		// A bulk import: no per-row triggers (units sold, price history, notifications); their figures are set below.
		await tx.execute(sql`set local session_replication_role = replica`)
		await tx.execute(sql`
			insert into orders (email, locale, status, payment_status, currency, subtotal_cents, shipping_cents, total_cents,
				shipping_address, buyer_company, buyer_vat_number, buyer_legal_id, tax, payment_provider, payment_session_id, paid_at, test_mode, created_at, updated_at)
			select 'client-' || (1 + (g::bigint * 7919) % ${size.customers}) || '@example.com',
				(array['ro', 'ro', 'es', 'en'])[1 + g % 4],
				(case when g % 23 = 0 then 'cancelled' when g < ${size.orders - 200} then 'delivered' when g % 2 = 0 then 'shipped' else 'processing' end)::order_status,
				(case when g % 23 = 0 then 'failed' when g % 97 = 0 then 'refunded' else 'paid' end)::payment_status,
				'eur', 0, t.shipping_cents, 0,
				t.shipping_address, t.buyer_company, t.buyer_vat_number, t.buyer_legal_id, t.tax, 'stripe', 'cs_scale_' || g,
				case when g % 23 = 0 then null else placed end, false, placed, placed
			from generate_series(1, ${size.orders}) g,
				(select * from orders order by created_at limit 1) t,
				lateral (select now() - ((${size.orders} - g)::float8 / ${size.orders}) * interval '3 years' as placed) p`)
		// The lines share the orders out evenly (three or four each at full size), each a product of the
		// catalogue picked by a hash: a numbered copy of the catalogue to join on (an array of every id,
		// carried along each row, would be copied into every sort and spill the disk).
		await tx.execute(sql`
			create temporary table scale_catalogue on commit drop as
			select row_number() over (order by slug) - 1 as no, id, name, price_cents from products where slug like 'lumanare-serie-%'`)
		await tx.execute(sql`alter table scale_catalogue add primary key (no)`)
		await tx.execute(sql`
			with numbered as (
				select id, payment_status, row_number() over (order by created_at) as n from orders where payment_session_id like 'cs_scale_%'
			),
			size as (select count(*) as products from scale_catalogue)
			insert into order_items (order_id, line_id, product_id, name, unit_price_cents, quantity, options, sold_units)
			select numbered.id, 'product:' || p.id, p.id, p.name, p.price_cents, 1 + (numbered.n + k) % 3, '{}'::jsonb,
				case when numbered.payment_status in ('paid', 'refunded') then 1 + (numbered.n + k) % 3 else 0 end
			from numbered
			cross join size
			cross join lateral generate_series(1, (numbered.n * ${size.lines} / ${size.orders}) - ((numbered.n - 1) * ${size.lines} / ${size.orders})) k
			join scale_catalogue p on p.no = abs(hashtext(numbered.id::text || k::text)::bigint) % size.products`)
		await tx.execute(sql`
			update orders set subtotal_cents = sums.subtotal, total_cents = sums.subtotal + orders.shipping_cents,
				refunded_cents = case when orders.payment_status = 'refunded' then sums.subtotal + orders.shipping_cents else 0 end
			from (select order_id, sum(unit_price_cents * quantity)::int as subtotal from order_items group by order_id) sums
			where sums.order_id = orders.id and orders.payment_session_id like 'cs_scale_%'`)
		// An invoice per paid order, a copy of the template's snapshot under its own number and day.
		await tx.execute(sql`
			insert into invoices (kind, number, series, year, sequence, order_id, test_mode, issued_at, locale, currency, seller, buyer, lines, totals, tax, tax_treatment, total_cents, vat_cents)
			select 'invoice', 'SCALE' || n.year || '-' || n.sequence, 'SCALE', n.year, n.sequence, n.id, false, n.paid_at,
				t.locale, t.currency, t.seller, t.buyer, t.lines, t.totals, t.tax, t.tax_treatment, n.total_cents, t.vat_cents
			from (
				select id, paid_at, total_cents, extract(year from paid_at)::int as year,
					row_number() over (partition by extract(year from paid_at) order by paid_at) as sequence
				from orders where payment_session_id like 'cs_scale_%' and paid_at is not null
			) n
			cross join (select * from invoices order by issued_at limit 1) t`)
	})
	await db.execute(sql`
		insert into invoice_counters (series, year, next_number)
		select series, year, max(sequence) + 1 from invoices where series = 'SCALE' group by series, year
		on conflict (series, year) do update set next_number = excluded.next_number`)
	await db.execute(sql`
		update products set sold_units = sold.units
		from (select product_id, sum(sold_units)::int as units from order_items where product_id is not null group by product_id) sold
		where sold.product_id = products.id`)
	await db.execute(sql`select recount_all_customers()`)
	// The sales reports' kept days (ADR 0271), which the triggers left unnoted.
	await db.execute(sql`select recount_all_sales_line_days()`)
	log(`orders: ${size.orders}, lines: ${size.lines}, invoices for the paid ones`)
	await db.execute(sql`vacuum analyze`)
	log('vacuum analyze')
}

/**
 * A tenth of the generated candles sold in three sizes (ADR 0264): each gets three variant rows with
 * their own price, stock and SKU, made when their product was (as the admin makes them together), and becomes the product they vary (no stock of its own, its price
 * its cheapest size's). Returns how many variants were added. The orders' lines name the products
 * listed before, as a shop's history from before it added sizes would.
 */
async function addScaleVariants(db: Database): Promise<number> {
	const [added] = await queryRows<{ variants: number }>(
		db,
		sql`with sized as (
				select id, slug, name, category_id, price_cents, images, created_at from products
				where slug ~ '^lumanare-serie-[0-9]+$' and variant_of is null and substring(slug from 16)::int % 10 = 0
			), inserted as (
				insert into products (slug, name, description, kind, category_id, price_cents, stock, images, variant_of, option_values, variant_position, sku, created_at)
				select sized.slug || '-' || size.suffix, sized.name || ' — ' || size.value, '', 'candle', sized.category_id,
					sized.price_cents + size.extra_cents, 40, sized.images, sized.id, jsonb_build_array(size.value), size.position,
					upper(sized.slug) || '-' || upper(size.suffix), sized.created_at
				from sized cross join (values ('Mică', 'mica', 0, 0), ('Medie', 'medie', 500, 1), ('Mare', 'mare', 1200, 2)) size(value, suffix, extra_cents, position)
				returning variant_of
			)
			select count(*)::int as variants from inserted`,
	)
	await db.execute(sql`
		update products set option_names = '["Mărime"]'::jsonb, stock = null
		where slug like 'lumanare-serie-%' and variant_of is null and exists (select 1 from products v where v.variant_of = products.id)`)
	return added?.variants ?? 0
}

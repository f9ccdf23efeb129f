import { AxisBottom, AxisLeft } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { formatEuro } from '#domain/money.ts'

/**
 * The sales reports' charts (ADR 0271), drawn with visx as plain SVG when the page is rendered on the
 * server: the picture is there before (and without) JavaScript, and the library comes only with the
 * admin's route modules, never the storefront's. A chart is a picture of the table beside it, which
 * is what a screen reader reads: the SVG is one labelled image.
 */

export type ChartPoint = { key: string; label: string; netCents: number }

const WIDTH = 760
const INK = '#6b3f2a'
const AXIS = '#78716c'

const euroTick = (value: unknown) => formatEuro(Math.round(Number(value)), 'ro').replace(',00 €', ' €')

/** Net sales per day, week or month: one bar each, the labels thinned to fit. */
export function SalesOverTimeChart({ points, label, shortLabel }: { points: ChartPoint[]; label: string; shortLabel: (point: ChartPoint) => string }) {
	const height = 260
	const margin = { top: 12, right: 12, bottom: 36, left: 72 }
	const innerWidth = WIDTH - margin.left - margin.right
	const innerHeight = height - margin.top - margin.bottom
	const x = scaleBand<string>({ domain: points.map((point) => point.key), range: [0, innerWidth], padding: 0.2 })
	const y = scaleLinear<number>({ domain: [0, Math.max(100, ...points.map((point) => point.netCents))], range: [innerHeight, 0], nice: true })
	const every = Math.max(1, Math.ceil(points.length / 10))
	const byKey = new Map(points.map((point) => [point.key, point]))
	return (
		<svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full" role="img" aria-label={label} data-testid="sales-chart">
			<Group left={margin.left} top={margin.top}>
				{points.map((point) => {
					const barHeight = innerHeight - y(point.netCents)
					return (
						<Bar key={point.key} x={x(point.key)} y={innerHeight - barHeight} width={x.bandwidth()} height={barHeight} fill={INK}>
							<title>{`${point.label}: ${formatEuro(point.netCents, 'ro')}`}</title>
						</Bar>
					)
				})}
				<AxisLeft scale={y} numTicks={5} tickFormat={euroTick} stroke={AXIS} tickStroke={AXIS} tickLabelProps={{ fill: AXIS, fontSize: 11 }} />
				<AxisBottom
					top={innerHeight}
					scale={x}
					tickValues={points.filter((_, index) => index % every === 0).map((point) => point.key)}
					tickFormat={(key) => shortLabel(byKey.get(key)!)}
					stroke={AXIS}
					tickStroke={AXIS}
					tickLabelProps={{ fill: AXIS, fontSize: 11 }}
				/>
			</Group>
		</svg>
	)
}

/** The largest rows (products, categories, countries) as horizontal bars, each named on its left. */
export function SalesRankingChart({ points, label }: { points: ChartPoint[]; label: string }) {
	const rowHeight = 28
	const margin = { top: 8, right: 96, bottom: 8, left: 220 }
	const innerWidth = WIDTH - margin.left - margin.right
	const height = margin.top + margin.bottom + rowHeight * Math.max(1, points.length)
	const y = scaleBand<string>({ domain: points.map((point) => point.key), range: [0, rowHeight * points.length], padding: 0.25 })
	const x = scaleLinear<number>({ domain: [0, Math.max(100, ...points.map((point) => point.netCents))], range: [0, innerWidth] })
	const clip = (text: string) => (text.length > 32 ? `${text.slice(0, 31)}…` : text)
	return (
		<svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full" role="img" aria-label={label} data-testid="sales-chart">
			<Group left={margin.left} top={margin.top}>
				{points.map((point) => {
					const top = y(point.key) ?? 0
					return (
						<g key={point.key}>
							<text x={-8} y={top + y.bandwidth() / 2} textAnchor="end" dominantBaseline="middle" fontSize={12} fill="#292524">
								{clip(point.label)}
							</text>
							<Bar x={0} y={top} width={x(point.netCents)} height={y.bandwidth()} fill={INK}>
								<title>{`${point.label}: ${formatEuro(point.netCents, 'ro')}`}</title>
							</Bar>
							<text x={x(point.netCents) + 6} y={top + y.bandwidth() / 2} dominantBaseline="middle" fontSize={11} fill={AXIS}>
								{formatEuro(point.netCents, 'ro')}
							</text>
						</g>
					)
				})}
			</Group>
		</svg>
	)
}

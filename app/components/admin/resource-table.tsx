import type { ReactNode } from 'react'

export type Column<Row> = {
	header: string
	cell: (row: Row) => ReactNode
	/** Extra classes for the cell (e.g. 'font-mono text-xs', 'whitespace-nowrap'). */
	className?: string
}

/**
 * The admin lists' table (ADR 0103). From the md breakpoint up it is a table; below it each row is a
 * card (the header row hidden, each cell labelled with its column), so a 375 px screen never scrolls
 * sideways. The first column is the row's header cell (its name); the last is usually the actions.
 */
export function ResourceTable<Row>({
	rows,
	rowKey,
	columns,
}: {
	rows: readonly Row[]
	rowKey: (row: Row) => string
	columns: readonly [Column<Row>, ...Column<Row>[]]
}) {
	const [first, ...rest] = columns
	return (
		<div className="mt-6 rounded-2xl bg-white shadow-sm max-md:bg-transparent max-md:shadow-none">
			<table className="w-full text-left text-sm max-md:block">
				<thead className="border-b border-sand text-xs uppercase tracking-wide text-muted max-md:sr-only">
					<tr>
						{columns.map((column) => (
							<th key={column.header} scope="col" className="px-4 py-3">
								{column.header}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="max-md:block max-md:space-y-3">
					{rows.map((row) => (
						<tr
							key={rowKey(row)}
							className="border-b border-sand/70 last:border-0 max-md:block max-md:rounded-2xl max-md:border-0 max-md:bg-white max-md:p-3 max-md:shadow-sm"
						>
							<th scope="row" className={`px-4 py-3 font-medium max-md:block max-md:px-1 max-md:py-1 max-md:text-base ${first.className ?? ''}`}>
								{first.cell(row)}
							</th>
							{rest.map((column) => (
								<td
									key={column.header}
									data-label={column.header}
									className={`px-4 py-3 max-md:flex max-md:min-w-0 max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:px-1 max-md:py-1 max-md:break-words max-md:before:w-28 max-md:before:shrink-0 max-md:before:text-xs max-md:before:uppercase max-md:before:tracking-wide max-md:before:text-muted max-md:before:content-[attr(data-label)] ${column.className ?? ''}`}
								>
									{column.cell(row)}
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

/**
 * Categories in tree order for the admin list: each parent followed by its subcategories, each level in
 * the order it came in (display order, then name), with its depth for the indent. A category whose
 * parent is not in the list is shown at the top level; a loop (which the forms refuse) cannot repeat rows.
 */
export function inTreeOrder<Row extends { id: string; parentId: string | null }>(rows: readonly Row[]): (Row & { depth: number })[] {
	const ids = new Set(rows.map((row) => row.id))
	const children = new Map<string | null, Row[]>()
	for (const row of rows) {
		const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null
		children.set(parent, [...(children.get(parent) ?? []), row])
	}
	const ordered: (Row & { depth: number })[] = []
	const placed = new Set<string>()
	const visit = (row: Row, depth: number) => {
		if (placed.has(row.id)) return
		placed.add(row.id)
		ordered.push({ ...row, depth })
		for (const child of children.get(row.id) ?? []) visit(child, depth + 1)
	}
	for (const row of children.get(null) ?? []) visit(row, 0)
	// Rows only a loop reaches: at the top level, so none is lost.
	for (const row of rows) visit(row, 0)
	return ordered
}

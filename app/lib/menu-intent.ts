/**
 * Hover intent for the header's drop-down menus: a menu opens 200 ms after the
 * pointer rests on it, closes 150 ms after the pointer leaves, and while another menu is open — or
 * one closed less than 300 ms ago — the next one opens at once.
 */
export const MENU_DELAYS = { open: 200, skip: 300, close: 150 } as const

/** A click this soon after the pointer opened the menu is the same intent, not a request to close. */
const HOVER_CLICK_GRACE = 500

export type MenuIntent = {
	/** The pointer entered menu `id` (its trigger or its panel). */
	enter(id: string): void
	/** The pointer left the open menu's trigger or panel. */
	leave(): void
	/** A click or key press on the trigger: opens or closes at once. */
	toggle(id: string): void
	/** Closes now (Escape, a click outside, a navigation). */
	close(): void
	dispose(): void
}

export function createMenuIntent(onChange: (open: string | null) => void, now: () => number = Date.now): MenuIntent {
	let open: string | null = null
	let closedAt = -Infinity
	/** When the pointer last opened a menu: a click right after that must not close it again. */
	let hoverOpenedAt = -Infinity
	let openTimer: ReturnType<typeof setTimeout> | undefined
	let closeTimer: ReturnType<typeof setTimeout> | undefined

	const clearTimers = () => {
		clearTimeout(openTimer)
		clearTimeout(closeTimer)
		openTimer = closeTimer = undefined
	}
	const set = (next: string | null) => {
		if (next === open) return
		if (open !== null && next === null) closedAt = now()
		open = next
		onChange(next)
	}

	return {
		enter(id) {
			clearTimers()
			if (open === id) return
			const openByHover = () => {
				hoverOpenedAt = now()
				set(id)
			}
			if (open !== null || now() - closedAt < MENU_DELAYS.skip) openByHover()
			else openTimer = setTimeout(openByHover, MENU_DELAYS.open)
		},
		leave() {
			clearTimers()
			if (open !== null) closeTimer = setTimeout(() => set(null), MENU_DELAYS.close)
		},
		toggle(id) {
			clearTimers()
			if (open === id && now() - hoverOpenedAt < HOVER_CLICK_GRACE) return
			set(open === id ? null : id)
		},
		close() {
			clearTimers()
			set(null)
		},
		dispose: clearTimers,
	}
}

import type { LayoutStatus } from './layout-editor-contract.js'

/**
 * How a layout version's status may change (DESIGN §4.5, issue 18): a DRAFT is saved in place until it is
 * published; a PUBLISHED version is the inventory of the events made on it and never changes again (saving
 * it makes the next version, a new draft).
 */
const TRANSITIONS: Readonly<Record<LayoutStatus, readonly LayoutStatus[]>> = {
  DRAFT: ['PUBLISHED'],
  PUBLISHED: [],
}

/**
 * A version is created a draft (the editor, an import), or published at once (`POST /api/admin/layouts`
 * without `draft`, held to the same check as the publish button).
 */
export const LAYOUT_INITIAL_STATUSES = ['DRAFT', 'PUBLISHED'] as const satisfies readonly LayoutStatus[]

export const canLayoutTransition = (from: LayoutStatus, to: LayoutStatus): boolean =>
  TRANSITIONS[from].includes(to)

/** A move only a bug can ask for when illegal (the service answers CONFLICT for a published version first). */
export function assertLayoutMove(from: LayoutStatus, to: LayoutStatus): void {
  if (!canLayoutTransition(from, to)) throw new Error(`Illegal layout move ${from} → ${to}`)
}

export function assertLayoutStart(status: string): asserts status is LayoutStatus {
  if (!(LAYOUT_INITIAL_STATUSES as readonly string[]).includes(status))
    throw new Error(`A layout version is not created ${status}`)
}

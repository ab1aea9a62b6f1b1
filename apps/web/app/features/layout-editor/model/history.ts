import { type Draft, enablePatches, Immer, type Objectish, type Patch } from 'immer'

enablePatches()

/**
 * No auto-freeze: freezing walks every new object, and a generated block or an imported venue brings tens
 * of thousands of seat tuples. Documents are treated as immutable by convention instead (every change goes
 * through `edit`).
 */
const immer = new Immer({ autoFreeze: false })

/**
 * Undo history kept as changes, not copies (DESIGN §2): each operation keeps immer's patches and inverse
 * patches. Recipes replace whole seat arrays of the rows they touch rather than one coordinate at a time,
 * so a 1,000-seat move is a few dozen patches holding the old arrays, not thousands of small ones.
 */
export interface Change {
  /** What the operation was, for the undo/redo buttons' labels (an i18n key of the editor). */
  label: string
  patches: Patch[]
  inverse: Patch[]
}

export interface History {
  done: readonly Change[]
  undone: readonly Change[]
}

export const HISTORY_LIMIT = 500

export const emptyHistory = (): History => ({ done: [], undone: [] })

export interface Step<T> {
  doc: T
  history: History
  change: Change
}

/**
 * Applies `recipe` to a draft of `doc` and records it. Nothing is recorded when the recipe changed
 * nothing (a move by zero, a property set to its value), so undo never has empty steps. A new edit
 * forgets what was undone; the oldest changes fall off past `limit`.
 */
export function edit<T extends Objectish>(
  doc: T,
  history: History,
  label: string,
  recipe: (draft: Draft<T>) => void,
  limit = HISTORY_LIMIT,
): Step<T> | null {
  const [next, patches, inverse] = immer.produceWithPatches(doc, (draft) => {
    recipe(draft as Draft<T>)
  })
  if (patches.length === 0) return null
  const change: Change = { label, patches, inverse }
  const done =
    history.done.length >= limit ? history.done.slice(history.done.length - limit + 1) : history.done
  return { doc: next as T, history: { done: [...done, change], undone: [] }, change }
}

export function undo<T extends Objectish>(doc: T, history: History): Step<T> | null {
  const change = history.done[history.done.length - 1]
  if (!change) return null
  return {
    doc: immer.applyPatches(doc, change.inverse),
    history: { done: history.done.slice(0, -1), undone: [...history.undone, change] },
    change,
  }
}

export function redo<T extends Objectish>(doc: T, history: History): Step<T> | null {
  const change = history.undone[history.undone.length - 1]
  if (!change) return null
  return {
    doc: immer.applyPatches(doc, change.patches),
    history: { done: [...history.done, change], undone: history.undone.slice(0, -1) },
    change,
  }
}

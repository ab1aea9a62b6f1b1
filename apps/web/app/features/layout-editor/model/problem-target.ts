import type { Layout } from '@palco/domain/seating/layout'
import type { LayoutProblem } from '@palco/domain/seating/layout-validation'
import { sectionByCode, shapeById } from './document'
import { type EditorSelection, EMPTY_SELECTION } from './selection'

/**
 * The selection a problem of the check points at, so its message can select (and the canvas zoom to) the
 * object. A seat is found by row label and number; with duplicates, every seat of that code is taken, so
 * both copies show. Null when the object is gone or the problem is about the whole layout.
 */
export function selectionForProblem(doc: Layout, problem: LayoutProblem): EditorSelection | null {
  const t = problem.target
  switch (t.kind) {
    case 'section':
      return sectionByCode(doc, t.section) ? { ...EMPTY_SELECTION, sections: new Set([t.section]) } : null
    case 'seat': {
      const section = sectionByCode(doc, t.section)
      if (!section?.rows) return null
      const places: number[] = []
      let place = 0
      for (const row of section.rows) {
        for (const [n] of row.seats) {
          if (row.label === t.row && n === t.seat) places.push(place)
          place++
        }
      }
      return places.length ? { ...EMPTY_SELECTION, seats: new Map([[t.section, places]]) } : null
    }
    case 'shape':
      return shapeById(doc, t.shape) ? { ...EMPTY_SELECTION, shapes: new Set([t.shape]) } : null
    case 'layout':
      return null
  }
}

/** Values a problem's message is written with: its params, plus what its target names. */
export function problemValues(problem: LayoutProblem): Record<string, string | number> {
  const t = problem.target
  const named: Record<string, string | number> =
    t.kind === 'section'
      ? { section: t.section }
      : t.kind === 'seat'
        ? { section: t.section, row: t.row, seat: t.seat }
        : t.kind === 'shape'
          ? { shape: t.shape }
          : {}
  return { ...named, ...problem.params }
}

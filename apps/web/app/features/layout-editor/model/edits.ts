import type { Layout, LayoutSection, LayoutShape } from '@palco/domain/seating/layout'
import { flattenSections } from '@palco/domain/seating/layout'
import type { Draft } from 'immer'
import { isWithin, placesByRow, type SectionPath, sectionAtPath, sectionPaths } from './document'
import type { EditorSelection } from './selection'

/** The smaller edits of the properties panel and the add tools, as immer recipes. */

export type SeatMark = 'restrictions' | 'access' | 'accessibility'
type SeatMarks = Pick<LayoutSection, SeatMark>

function draftSection(draft: Draft<Layout>, code: string, base: Layout): Draft<LayoutSection> | undefined {
  const path = sectionPaths(base).get(code)
  return path ? sectionAtPath(draft.sections as Draft<LayoutSection>[], path) : undefined
}

/**
 * Seat codes (`row-seat`) the selection covers, per section code. A section selected whole covers its
 * own seats and those of its nested sections.
 */
export function selectedSeatCodes(doc: Layout, sel: EditorSelection): Map<string, string[]> {
  const out = new Map<string, string[]>()
  const paths = sectionPaths(doc)
  const addAll = (s: LayoutSection) => {
    const codes: string[] = []
    for (const row of s.rows ?? []) for (const [n] of row.seats) codes.push(`${row.label}-${n}`)
    if (codes.length) out.set(s.code, codes)
  }
  for (const code of sel.sections) {
    const s = sectionAtPath(doc.sections, paths.get(code) ?? [])
    if (s) for (const each of flattenSections([s])) addAll(each)
  }
  for (const [code, places] of sel.seats) {
    if (out.has(code)) continue
    const rows = sectionAtPath(doc.sections, paths.get(code) ?? [])?.rows
    if (!rows) continue
    const codes: string[] = []
    for (const [r, ks] of placesByRow(rows, places)) {
      const row = rows[r]
      if (!row) continue
      for (const k of ks) {
        const seat = row.seats[k]
        if (seat) codes.push(`${row.label}-${seat[0]}`)
      }
    }
    if (codes.length) out.set(code, codes)
  }
  return out
}

/**
 * Sets (or, with null, clears) one mark on every selected seat. Each section's map is rebuilt once and
 * assigned whole: one change per section however many seats it covers.
 */
export function setSeatMark(
  draft: Draft<Layout>,
  base: Layout,
  sel: EditorSelection,
  mark: SeatMark,
  value: string | null,
): void {
  for (const [code, seatCodes] of selectedSeatCodes(base, sel)) {
    const section = sectionAtPath(base.sections, sectionPaths(base).get(code) ?? [])
    const target = draftSection(draft, code, base)
    if (!section || !target) continue
    const before = (section[mark] ?? {}) as Record<string, string>
    const next: Record<string, string> = { ...before }
    let changed = false
    for (const seat of seatCodes) {
      if (value === null) {
        if (seat in next) {
          delete next[seat]
          changed = true
        }
      } else if (next[seat] !== value) {
        next[seat] = value
        changed = true
      }
    }
    if (changed) (target as SeatMarks)[mark] = (Object.keys(next).length ? next : undefined) as never
  }
}

/** The one value every selected seat has for a mark: a value, null (none), or 'mixed'. */
export function commonSeatMark(doc: Layout, sel: EditorSelection, mark: SeatMark): string | null | 'mixed' {
  let seen: string | null | undefined
  const paths = sectionPaths(doc)
  for (const [code, seatCodes] of selectedSeatCodes(doc, sel)) {
    const map = sectionAtPath(doc.sections, paths.get(code) ?? [])?.[mark] as
      | Record<string, string>
      | undefined
    for (const seat of seatCodes) {
      const v = map?.[seat] ?? null
      if (seen === undefined) seen = v
      else if (seen !== v) return 'mixed'
    }
  }
  return seen ?? null
}

/** Section properties (not its geometry, rows or nested sections). */
export type SectionFields = Partial<
  Pick<
    LayoutSection,
    | 'code'
    | 'name'
    | 'color'
    | 'disabled'
    | 'zoneType'
    | 'numbered'
    | 'capacity'
    | 'viewDirection'
    | 'highlight'
  >
>

export function updateSection(draft: Draft<Layout>, base: Layout, code: string, fields: SectionFields): void {
  const target = draftSection(draft, code, base)
  if (!target) return
  for (const [key, value] of Object.entries(fields) as [keyof SectionFields, unknown][]) {
    if (target[key] === value) continue
    if (value === undefined) delete target[key]
    else (target as Record<string, unknown>)[key] = value
  }
}

/**
 * Numbered on or off. Off keeps the places as a capacity and drops the rows (undo brings them back); on
 * is only possible for a section that still has rows.
 */
export function setNumbered(draft: Draft<Layout>, base: Layout, code: string, numbered: boolean): void {
  const section = sectionAtPath(base.sections, sectionPaths(base).get(code) ?? [])
  const target = draftSection(draft, code, base)
  if (!section || !target || section.numbered === numbered) return
  if (numbered) {
    if (!section.rows?.length) return
    target.numbered = true
    delete target.capacity
    return
  }
  let places = 0
  for (const row of section.rows ?? []) places += row.seats.length
  target.numbered = false
  target.capacity = places
  delete target.rows
}

/** Adds a section at the top level, or nested inside `parentCode`. */
export function addSection(
  draft: Draft<Layout>,
  base: Layout,
  section: LayoutSection,
  parentCode: string | null,
): void {
  const parent = parentCode ? draftSection(draft, parentCode, base) : undefined
  if (parent) {
    parent.sections ??= []
    parent.sections.push(section as Draft<LayoutSection>)
  } else draft.sections.push(section as Draft<LayoutSection>)
}

/**
 * Moves a section (with what it holds) into another one, or to the top level with null. A section cannot
 * go inside itself or its own nested sections.
 */
export function reparentSection(
  draft: Draft<Layout>,
  base: Layout,
  code: string,
  parentCode: string | null,
): void {
  const paths = sectionPaths(base)
  const path = paths.get(code)
  const section = path && sectionAtPath(base.sections, path)
  if (!path || !section) return
  const parentPath: SectionPath | undefined = parentCode ? paths.get(parentCode) : []
  if (!parentPath || isWithin(parentPath, path)) return
  const currentParent = path.slice(0, -1)
  if (currentParent.length === parentPath.length && currentParent.every((v, i) => v === parentPath[i])) return
  const index = path[path.length - 1] as number
  // Removing shifts the paths of later siblings, so the new parent is found again by its code afterwards.
  if (currentParent.length === 0) draft.sections = draft.sections.filter((_, i) => i !== index)
  else {
    const owner = sectionAtPath(draft.sections as Draft<LayoutSection>[], currentParent)
    if (owner?.sections) {
      const rest = owner.sections.filter((_, i) => i !== index)
      owner.sections = rest.length ? rest : undefined
    }
  }
  if (!parentCode) {
    draft.sections.push(section as Draft<LayoutSection>)
    return
  }
  const find = (list: Draft<LayoutSection>[]): Draft<LayoutSection> | undefined => {
    for (const s of list) {
      if (s.code === parentCode) return s
      const inner = s.sections && find(s.sections)
      if (inner) return inner
    }
    return undefined
  }
  const parent = find(draft.sections as Draft<LayoutSection>[])
  if (!parent) return
  parent.sections ??= []
  parent.sections.push(section as Draft<LayoutSection>)
}

export function addShape(draft: Draft<Layout>, shape: LayoutShape): void {
  draft.shapes ??= []
  draft.shapes.push(shape as Draft<LayoutShape>)
}

export function updateShape(draft: Draft<Layout>, id: string, fields: Partial<LayoutShape>): void {
  const target = draft.shapes?.find((s) => s.id === id)
  if (!target) return
  for (const [key, value] of Object.entries(fields) as [keyof LayoutShape, unknown][]) {
    if (target[key] === value) continue
    if (value === undefined) delete target[key]
    else (target as Record<string, unknown>)[key] = value
  }
}

export function updateStage(draft: Draft<Layout>, fields: Partial<Layout['stage']>): void {
  for (const [key, value] of Object.entries(fields) as [keyof Layout['stage'], unknown][]) {
    if (value !== undefined && draft.stage[key] !== value)
      (draft.stage as Record<string, unknown>)[key] = value
  }
}

export type LayoutFields = Partial<Pick<Layout, 'kind' | 'canvas' | 'background'>>

export function updateLayout(draft: Draft<Layout>, fields: LayoutFields): void {
  if (fields.kind && draft.kind !== fields.kind) draft.kind = fields.kind
  if (fields.canvas) draft.canvas = { ...fields.canvas }
  if ('background' in fields) {
    if (fields.background) draft.background = { ...fields.background }
    else delete draft.background
  }
}

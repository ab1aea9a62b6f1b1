import type { Layout, LayoutRow, LayoutSection, LayoutShape } from '@palco/domain/seating/layout'
import { rowLabels } from '@palco/domain/seating/layout-numbering'

/**
 * Addressing inside a layout document. Sections nest, so one is found by the list of indices from the top
 * (`[2, 0]` = the first nested section of the third one); codes are unique in a valid layout, and the code
 * → path map is built once per sections array (documents are immutable: a new array means a change).
 */
export type SectionPath = readonly number[]

const pathCache = new WeakMap<readonly LayoutSection[], Map<string, SectionPath>>()

export function sectionPaths(doc: Pick<Layout, 'sections'>): Map<string, SectionPath> {
  const cached = pathCache.get(doc.sections)
  if (cached) return cached
  const out = new Map<string, SectionPath>()
  const visit = (list: readonly LayoutSection[], prefix: number[]) => {
    list.forEach((s, i) => {
      const path = [...prefix, i]
      // A duplicated code (an invalid import) keeps its first place, as validation reports the second.
      if (!out.has(s.code)) out.set(s.code, path)
      if (s.sections) visit(s.sections, path)
    })
  }
  visit(doc.sections, [])
  pathCache.set(doc.sections, out)
  return out
}

/** Works on documents and on immer drafts alike (both are plain nested arrays of sections). */
export function sectionAtPath<S extends { sections?: S[] | undefined }>(
  top: readonly S[],
  path: SectionPath,
): S | undefined {
  let list: readonly S[] | undefined = top
  let found: S | undefined
  for (const i of path) {
    found = list?.[i]
    if (!found) return undefined
    list = found.sections
  }
  return found
}

export function sectionByCode(doc: Pick<Layout, 'sections'>, code: string): LayoutSection | undefined {
  const path = sectionPaths(doc).get(code)
  return path ? sectionAtPath(doc.sections, path) : undefined
}

/** True when `ancestor` is `path` itself or encloses it. */
export const isWithin = (path: SectionPath, ancestor: SectionPath): boolean =>
  ancestor.length <= path.length && ancestor.every((v, i) => path[i] === v)

/**
 * Of a set of section codes, those not inside another one of the set: moving or deleting a section takes
 * its nested sections with it, so they must not be moved or deleted a second time.
 */
export function outermostCodes(doc: Pick<Layout, 'sections'>, codes: Iterable<string>): string[] {
  const paths = sectionPaths(doc)
  const chosen = [...codes].filter((c) => paths.has(c))
  return chosen.filter((code) => {
    const path = paths.get(code) as SectionPath
    return !chosen.some((other) => other !== code && isWithin(path, paths.get(other) as SectionPath))
  })
}

/** Place index (rows front to back, seats in row order, as the seat map numbers them) → row and seat. */
export function rowOffsets(rows: readonly LayoutRow[]): Uint32Array {
  const out = new Uint32Array(rows.length + 1)
  for (let r = 0; r < rows.length; r++) out[r + 1] = (out[r] as number) + (rows[r] as LayoutRow).seats.length
  return out
}

/** Row index of a place, by binary search over `rowOffsets`. */
export function rowOfPlace(offsets: Uint32Array, place: number): number {
  let lo = 0
  let hi = offsets.length - 2
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((offsets[mid] as number) <= place) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** Places grouped by row: row index → seat indices within the row, ascending. */
export function placesByRow(rows: readonly LayoutRow[], places: readonly number[]): Map<number, number[]> {
  const offsets = rowOffsets(rows)
  const total = offsets[rows.length] as number
  const out = new Map<number, number[]>()
  for (const place of places) {
    if (place < 0 || place >= total) continue
    const r = rowOfPlace(offsets, place)
    const list = out.get(r)
    const k = place - (offsets[r] as number)
    if (list) list.push(k)
    else out.set(r, [k])
  }
  for (const list of out.values()) list.sort((a, b) => a - b)
  return out
}

export function seatCount(section: LayoutSection): number {
  let n = 0
  for (const row of section.rows ?? []) n += row.seats.length
  return n
}

/** Coordinates are kept to a hundredth of a unit: rotations would otherwise grow the file with noise. */
export const roundCoord = (v: number): number => Math.round(v * 100) / 100

const CODE_MAX = 80

/** `base`, or `base_2`, `base_3`… : the first that is not taken. Keeps to the section code alphabet. */
export function uniqueCode(taken: ReadonlySet<string>, base: string): string {
  const clean = base.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, CODE_MAX) || 'S'
  if (!taken.has(clean)) return clean
  const stem = clean.replace(/_\d+$/, '')
  for (let n = 2; ; n++) {
    const suffix = `_${n}`
    const candidate = `${stem.slice(0, CODE_MAX - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

export function allSectionCodes(doc: Pick<Layout, 'sections'>): Set<string> {
  return new Set(sectionPaths(doc).keys())
}

export function allShapeIds(doc: Pick<Layout, 'shapes'>): Set<string> {
  return new Set((doc.shapes ?? []).map((s) => s.id))
}

export const shapeById = (doc: Pick<Layout, 'shapes'>, id: string): LayoutShape | undefined =>
  doc.shapes?.find((s) => s.id === id)

const ROW_LABEL_MAX = 8

/** Spreadsheet order: A…Z, AA, AB… → 1, 2… 26, 27; 0 for anything else. */
function letterIndex(label: string): number {
  if (!/^[A-Z]+$/.test(label)) return 0
  let n = 0
  for (const ch of label) n = n * 26 + (ch.charCodeAt(0) - 64)
  return n
}

/** The inverse of `letterIndex`: the domain's row letters over the whole alphabet. */
const letterLabel = (n: number): string =>
  rowLabels({ type: 'LETTER', order: 'ASC', start: n, skip: [] }, 1)[0] ?? ''

/**
 * A row label not yet used in the section, in the scheme of `base`: numbers continue after the highest
 * number, letters after the last letter (I and O stay skipped when the section skips them), anything else
 * gets a running suffix. Row labels are at most 8 characters (layout schema).
 */
export function nextRowLabel(taken: ReadonlySet<string>, base: string): string {
  if (/^\d+$/.test(base)) {
    let max = 0
    for (const label of taken) if (/^\d+$/.test(label)) max = Math.max(max, Number(label))
    for (let n = max + 1; ; n++) if (!taken.has(String(n))) return String(n)
  }
  if (letterIndex(base) > 0) {
    let max = 0
    for (const label of taken) max = Math.max(max, letterIndex(label))
    const skipsIO = !taken.has('I') && !taken.has('O') && max > letterIndex('O')
    for (let n = max + 1; ; n++) {
      const label = letterLabel(n)
      if (skipsIO && /[IO]/.test(label)) continue
      if (label.length > ROW_LABEL_MAX) break
      if (!taken.has(label)) return label
    }
  }
  const stem = base || 'R'
  for (let n = 2; ; n++) {
    const candidate = `${stem.slice(0, ROW_LABEL_MAX - String(n).length)}${n}`
    if (!taken.has(candidate)) return candidate
  }
}

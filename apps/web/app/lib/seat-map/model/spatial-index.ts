import type { Venue } from './venue-model'

export interface SeatHit {
  section: number
  place: number
}

/**
 * A uniform grid over every numbered seat of the venue, stored compactly (CSR: per cell a start offset into
 * one array of seat ids). A hit test looks at the few cells around the point, so its cost does not depend
 * on the number of seats; building it is two passes over the seats.
 */
export class SeatGrid {
  readonly cellSize: number
  readonly cols: number
  readonly rows: number
  readonly originX: number
  readonly originY: number
  private readonly cellStart: Uint32Array
  private readonly items: Uint32Array
  /** Section index of each venue-wide seat id (seat id = section.seatOffset + place). */
  private readonly sectionOf: Uint16Array
  private readonly maxHalf: number

  constructor(private readonly venue: Venue) {
    const total = venue.numberedSeats
    const { bounds } = venue
    const width = Math.max(bounds.maxX - bounds.minX, 1)
    const height = Math.max(bounds.maxY - bounds.minY, 1)
    // About one or two seats per cell; coarser if the venue is vast and sparse, so memory stays O(seats).
    let cell = Math.max(venue.maxPitch * 1.5, 1e-3)
    const maxCells = Math.max(total * 4, 1024)
    if ((width / cell) * (height / cell) > maxCells) cell = Math.sqrt((width * height) / maxCells)
    this.cellSize = cell
    this.cols = Math.max(1, Math.ceil(width / cell))
    this.rows = Math.max(1, Math.ceil(height / cell))
    this.originX = bounds.minX
    this.originY = bounds.minY
    this.sectionOf = new Uint16Array(total)
    this.maxHalf = Math.max(0, ...venue.sections.filter((s) => s.numbered).map((s) => s.half))

    const cellOf = new Uint32Array(total)
    const counts = new Uint32Array(this.cols * this.rows + 1)
    for (const s of venue.sections) {
      if (!s.numbered) continue
      for (let i = 0; i < s.xs.length; i++) {
        const id = s.seatOffset + i
        const c = this.cellIndex(s.xs[i] as number, s.ys[i] as number)
        cellOf[id] = c
        this.sectionOf[id] = s.index
        counts[c + 1] = (counts[c + 1] as number) + 1
      }
    }
    for (let c = 1; c < counts.length; c++) counts[c] = (counts[c] as number) + (counts[c - 1] as number)
    this.cellStart = counts
    this.items = new Uint32Array(total)
    const fill = counts.slice(0, -1)
    for (let id = 0; id < total; id++) {
      const c = cellOf[id] as number
      this.items[fill[c] as number] = id
      fill[c] = (fill[c] as number) + 1
    }
  }

  private cellIndex(x: number, y: number): number {
    const cx = Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.originX) / this.cellSize)))
    const cy = Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.originY) / this.cellSize)))
    return cy * this.cols + cx
  }

  /**
   * The seat whose drawn square (grown by `tolerance` world units, e.g. for a finger) contains the point;
   * the nearest one when several do. Edges count as inside.
   */
  hit(x: number, y: number, tolerance = 0): SeatHit | null {
    const reach = this.maxHalf + tolerance
    const x0 = Math.floor((x - reach - this.originX) / this.cellSize)
    const x1 = Math.floor((x + reach - this.originX) / this.cellSize)
    const y0 = Math.floor((y - reach - this.originY) / this.cellSize)
    const y1 = Math.floor((y + reach - this.originY) / this.cellSize)
    if (x1 < 0 || y1 < 0 || x0 >= this.cols || y0 >= this.rows) return null
    let best = -1
    let bestD = Number.POSITIVE_INFINITY
    const sections = this.venue.sections
    for (let cy = Math.max(0, y0); cy <= Math.min(this.rows - 1, y1); cy++) {
      for (let cx = Math.max(0, x0); cx <= Math.min(this.cols - 1, x1); cx++) {
        const c = cy * this.cols + cx
        const end = this.cellStart[c + 1] as number
        for (let k = this.cellStart[c] as number; k < end; k++) {
          const id = this.items[k] as number
          const s = sections[this.sectionOf[id] as number]
          if (!s) continue
          const place = id - s.seatOffset
          const dx = Math.abs(x - (s.xs[place] as number))
          const dy = Math.abs(y - (s.ys[place] as number))
          const h = s.half + tolerance
          if (dx > h || dy > h) continue
          const d = dx * dx + dy * dy
          if (d < bestD) {
            bestD = d
            best = id
          }
        }
      }
    }
    if (best < 0) return null
    const section = this.sectionOf[best] as number
    return { section, place: best - (sections[section]?.seatOffset ?? 0) }
  }
}

import { VISUAL, VISUAL_COUNT } from '../model/place-codes'
import type { SeatPalette } from '../model/seat-colors'

type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

/**
 * Fills one section's seat batches, one `fill` per state. With `ringWidth` (world units) the fan's own
 * seats (selected, held) first get a ring that makes them a size larger than the rest: found at a glance.
 * Shared by direct drawing and by the pre-rendered bitmaps, so both look the same.
 */
export function paintSeats(
  g: Ctx2D,
  paths: readonly Path2D[],
  counts: Int32Array,
  colors: readonly string[],
  palette: SeatPalette,
  ringWidth: number,
): void {
  for (let v = 0; v < VISUAL_COUNT; v++) {
    if ((counts[v] ?? 0) === 0) continue
    const path = paths[v] as Path2D
    if (ringWidth > 0 && (v === VISUAL.SELECTED || v === VISUAL.RESERVED)) {
      g.lineWidth = ringWidth
      g.strokeStyle = v === VISUAL.SELECTED ? palette.selectedRing : palette.reservedRing
      g.stroke(path)
    }
    g.fillStyle = colors[v] as string
    g.fill(path)
  }
}

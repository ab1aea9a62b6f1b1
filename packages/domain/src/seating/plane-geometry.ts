/**
 * Geometry on a layout's plane, shared by the validation before publishing and the maps that draw and hit
 * test the same shapes: a seat the check calls inside its section is the one the editor selects there.
 * Polygons are flat `[x1, y1, x2, y2, …]` lists, closed implicitly (spec §3 section shapes).
 */

/** An axis-aligned box; empty while min > max. */
export interface Bounds {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

export const emptyBounds = (): Bounds => ({
  minX: Number.POSITIVE_INFINITY,
  minY: Number.POSITIVE_INFINITY,
  maxX: Number.NEGATIVE_INFINITY,
  maxY: Number.NEGATIVE_INFINITY,
})

export function growBounds(b: Bounds, x: number, y: number, pad = 0): void {
  if (x - pad < b.minX) b.minX = x - pad
  if (y - pad < b.minY) b.minY = y - pad
  if (x + pad > b.maxX) b.maxX = x + pad
  if (y + pad > b.maxY) b.maxY = y + pad
}

export function boundsOfPoints(points: ArrayLike<number>): Bounds {
  const b = emptyBounds()
  for (let i = 0; i + 1 < points.length; i += 2) growBounds(b, points[i] as number, points[i + 1] as number)
  return b
}

export const containsPoint = (b: Bounds, x: number, y: number): boolean =>
  x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY

/** Even-odd ray casting; fewer than three points enclose nothing. */
export function pointInPolygon(points: ArrayLike<number>, x: number, y: number): boolean {
  const n = points.length >> 1
  if (n < 3) return false
  let inside = false
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[2 * i] as number
    const yi = points[2 * i + 1] as number
    const xj = points[2 * j] as number
    const yj = points[2 * j + 1] as number
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

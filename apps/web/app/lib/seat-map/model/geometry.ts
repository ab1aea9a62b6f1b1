import type { Bounds } from './viewport'

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

export function unionBounds(a: Bounds, b: Bounds): Bounds {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  }
}

export const isEmptyBounds = (b: Bounds): boolean => !(b.maxX >= b.minX && b.maxY >= b.minY)

export function boundsOfPoints(points: ArrayLike<number>): Bounds {
  const b = emptyBounds()
  for (let i = 0; i + 1 < points.length; i += 2) growBounds(b, points[i] as number, points[i + 1] as number)
  return b
}

export const containsPoint = (b: Bounds, x: number, y: number): boolean =>
  x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY

/** Even-odd ray casting over a flat `[x1, y1, x2, y2, …]` closed polygon. */
export function pointInPolygon(points: ArrayLike<number>, x: number, y: number): boolean {
  let inside = false
  const n = points.length >> 1
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[2 * i] as number
    const yi = points[2 * i + 1] as number
    const xj = points[2 * j] as number
    const yj = points[2 * j + 1] as number
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/** Area-weighted centroid, for placing a section's label; falls back to the vertex mean when degenerate. */
export function polygonCentroid(points: ArrayLike<number>): [number, number] {
  const n = points.length >> 1
  let a = 0
  let cx = 0
  let cy = 0
  let mx = 0
  let my = 0
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[2 * i] as number
    const yi = points[2 * i + 1] as number
    const xj = points[2 * j] as number
    const yj = points[2 * j + 1] as number
    const cross = xj * yi - xi * yj
    a += cross
    cx += (xj + xi) * cross
    cy += (yj + yi) * cross
    mx += xi
    my += yi
  }
  if (Math.abs(a) < 1e-9) return [mx / Math.max(n, 1), my / Math.max(n, 1)]
  return [cx / (3 * a), cy / (3 * a)]
}

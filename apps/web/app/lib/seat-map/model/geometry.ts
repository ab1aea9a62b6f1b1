import type { Bounds } from '@palco/domain/seating/plane-geometry'

// The plane's basics live with the validation that uses the same rules (domain seating/plane-geometry).
export {
  boundsOfPoints,
  containsPoint,
  emptyBounds,
  growBounds,
  pointInPolygon,
} from '@palco/domain/seating/plane-geometry'

export function unionBounds(a: Bounds, b: Bounds): Bounds {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  }
}

export const isEmptyBounds = (b: Bounds): boolean => !(b.maxX >= b.minX && b.maxY >= b.minY)

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

import type { BitmapLevel } from './seat-bitmaps'

/**
 * Which pre-rendered seat bitmaps to use at a zoom. Three levels a factor of 2 apart, the first at 1.5× the
 * zoom where seats appear; a level serves from 0.625× to 1.25× its own scale, so a bitmap is never blurred
 * by more than a quarter nor shrunk to a shimmer. Past the last level few enough seats are on screen to
 * draw them as vectors, sharp at any zoom.
 */
export const BITMAP_BASE_FACTOR = 1.5
export const BITMAP_LEVELS = 3
export const BITMAP_MAX_UPSCALE = 1.25
/** Seats become circles once this big on screen; below it squares look the same and cost less. */
export const CIRCLE_FROM_PX = 9
/** The fan's own seats get a ring once seats are this big. */
export const RING_FROM_PX = 7
export const RING_PX = 4
/** Drawn seats are 80 % of the seat pitch, so neighbours keep a gap. */
const SEAT_FRACTION = 0.8

/** The level for a zoom (CSS px per world unit), or -1 for vectors. */
export function bitmapLevelFor(scale: number, seatLevelScale: number): number {
  const r = scale / (seatLevelScale * BITMAP_BASE_FACTOR)
  const level = Math.max(0, Math.ceil(Math.log2(r / BITMAP_MAX_UPSCALE) - 1e-9))
  return level < BITMAP_LEVELS ? level : -1
}

/** How a level's bitmaps are drawn: device pixels per world unit, seat shape and ring width (world). */
export function levelSpec(level: number, seatLevelScale: number, minPitch: number, dpr: number): BitmapLevel {
  const css = seatLevelScale * BITMAP_BASE_FACTOR * 2 ** level
  const seatPx = SEAT_FRACTION * minPitch * css
  return {
    scale: css * dpr,
    shape: seatPx >= CIRCLE_FROM_PX ? 'circle' : 'square',
    ring: seatPx >= RING_FROM_PX ? RING_PX / css : 0,
  }
}

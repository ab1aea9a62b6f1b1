import { describe, expect, it } from 'vitest'
import { BITMAP_BASE_FACTOR, BITMAP_MAX_UPSCALE, bitmapLevelFor, levelSpec } from './bitmap-levels'

const SEAT_LEVEL = 0.75
const base = SEAT_LEVEL * BITMAP_BASE_FACTOR

describe('bitmap levels', () => {
  it('uses the first level from where seats appear', () => {
    expect(bitmapLevelFor(SEAT_LEVEL, SEAT_LEVEL)).toBe(0)
    expect(bitmapLevelFor(base * BITMAP_MAX_UPSCALE, SEAT_LEVEL)).toBe(0)
  })

  it('moves up a level past 1.25× a level’s scale, and to vectors after the last', () => {
    expect(bitmapLevelFor(base * BITMAP_MAX_UPSCALE * 1.01, SEAT_LEVEL)).toBe(1)
    expect(bitmapLevelFor(base * 2 * BITMAP_MAX_UPSCALE, SEAT_LEVEL)).toBe(1)
    expect(bitmapLevelFor(base * 4, SEAT_LEVEL)).toBe(2)
    expect(bitmapLevelFor(base * 4 * BITMAP_MAX_UPSCALE * 1.01, SEAT_LEVEL)).toBe(-1)
  })

  it('never scales a bitmap by more than 1.25× up or 0.625× down', () => {
    for (let scale = SEAT_LEVEL; scale < base * 5; scale *= 1.03) {
      const level = bitmapLevelFor(scale, SEAT_LEVEL)
      if (level < 0) continue
      const ratio = scale / (base * 2 ** level)
      expect(ratio).toBeLessThanOrEqual(BITMAP_MAX_UPSCALE + 1e-9)
      if (level > 0) expect(ratio).toBeGreaterThan(BITMAP_MAX_UPSCALE / 2)
    }
  })

  it('draws squares small, circles with rings larger, at the device pixel ratio', () => {
    // Seat pitch 6 world units: level 0 seats are 5.4 px, level 1 10.8 px.
    expect(levelSpec(0, SEAT_LEVEL, 6, 1)).toEqual({ scale: base, shape: 'square', ring: 0 })
    const l1 = levelSpec(1, SEAT_LEVEL, 6, 2)
    expect(l1.scale).toBeCloseTo(base * 2 * 2)
    expect(l1.shape).toBe('circle')
    expect(l1.ring).toBeCloseTo(4 / (base * 2))
  })
})

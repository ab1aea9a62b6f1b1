import { describe, expect, it } from 'vitest'
import { wheelZoomFactor } from './gestures'

describe('wheel zoom', () => {
  it('zooms 1.2× per notch, in towards a scroll up and out for a scroll down', () => {
    expect(wheelZoomFactor(-100, 0)).toBeCloseTo(1.2)
    expect(wheelZoomFactor(100, 0)).toBeCloseTo(1 / 1.2)
    expect(wheelZoomFactor(0, 0)).toBe(1)
  })

  it('reads line and page deltas as pixels', () => {
    expect(wheelZoomFactor(-100 / 16, 1)).toBeCloseTo(1.2)
    expect(wheelZoomFactor(-0.25, 2)).toBeCloseTo(1.2)
  })
})

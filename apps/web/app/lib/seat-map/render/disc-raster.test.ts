import { describe, expect, it } from 'vitest'
import { ringMask, stamp } from './disc-raster'

const px = (buf: { data: Uint8ClampedArray; width: number }, x: number, y: number) =>
  Array.from(buf.data.slice((y * buf.width + x) * 4, (y * buf.width + x) * 4 + 4))

describe('disc rasteriser', () => {
  it('covers a disc fully inside, not at all outside, with an area close to πr²', () => {
    const m = ringMask(0, 5)
    const c = Math.floor(m.size / 2)
    expect(m.coverage[c * m.size + c]).toBe(1)
    expect(m.coverage[0]).toBe(0)
    const area = m.coverage.reduce((a, b) => a + b, 0)
    expect(area).toBeGreaterThan(Math.PI * 25 * 0.97)
    expect(area).toBeLessThan(Math.PI * 25 * 1.03)
  })

  it('leaves the middle of a ring empty', () => {
    const m = ringMask(4, 6)
    const c = Math.floor(m.size / 2)
    expect(m.coverage[c * m.size + c]).toBe(0)
  })

  it('stamps seats in their colour and leaves the gaps transparent', () => {
    const buf = { data: new Uint8ClampedArray(40 * 20 * 4), width: 40, height: 20 }
    const disc = ringMask(0, 4)
    stamp(buf, disc, [255, 0, 0], 10, 10)
    stamp(buf, disc, [0, 0, 255], 30, 10)
    expect(px(buf, 10, 10)).toEqual([255, 0, 0, 255])
    expect(px(buf, 30, 10)).toEqual([0, 0, 255, 255])
    expect(px(buf, 20, 10)).toEqual([0, 0, 0, 0])
  })

  it('draws over what is below, edges blended', () => {
    const buf = { data: new Uint8ClampedArray(20 * 20 * 4), width: 20, height: 20 }
    stamp(buf, ringMask(3, 7), [0, 0, 0], 10, 10)
    stamp(buf, ringMask(0, 4.5), [255, 255, 255], 10, 10)
    expect(px(buf, 10, 10)).toEqual([255, 255, 255, 255])
    // Just outside the disc the ring shows; on the disc's edge the two mix.
    expect(px(buf, 10, 16)).toEqual([0, 0, 0, 255])
    // Somewhere on the disc's rim the two mix, and the ring keeps the pixel opaque.
    const rim = [...Array(20).keys()]
      .flatMap((y) => [...Array(20).keys()].map((x) => px(buf, x, y)))
      .filter(([r, , , a]) => a === 255 && (r as number) > 0 && (r as number) < 255)
    expect(rim.length).toBeGreaterThan(0)
  })

  it('clips at the buffer edges', () => {
    const buf = { data: new Uint8ClampedArray(10 * 10 * 4), width: 10, height: 10 }
    expect(() => stamp(buf, ringMask(0, 6), [1, 2, 3], 0, 9)).not.toThrow()
    expect(px(buf, 0, 9)).toEqual([1, 2, 3, 255])
  })
})

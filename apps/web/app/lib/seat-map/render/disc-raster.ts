import type { Rgb } from '../model/color'

/**
 * A tiny software rasteriser for seat discs, used to build the zoomed-in seat bitmaps. Canvas paths of a
 * thousand anti-aliased circles cost 5-20 ms per section on a software-rendered canvas; copying a
 * precomputed coverage mask per seat into pixel memory costs a fraction of that, and the work happens in
 * JavaScript, where the renderer's per-frame budget can see it. A disc's rows are one run of full coverage,
 * written as 32-bit words, plus a few anti-aliased edge pixels, blended.
 */
export interface CoverageMask {
  /** Width and height in pixels; the mask is centred on the middle of this square. */
  size: number
  /** 0..1 per pixel, row by row. */
  coverage: Float32Array
  /**
   * Per row, the one range [start, end) of full coverage (empty when start >= end), or -1 in `runStart`
   * when the row's full pixels are not one range (a ring's middle rows): those rows go pixel by pixel.
   */
  runStart: Int16Array
  runEnd: Int16Array
  /** Partial-coverage pixels of rows that have a run: x, y and coverage, flat. */
  edgeX: Int16Array
  edgeY: Int16Array
  edgeA: Float32Array
}

export interface PixelBuffer {
  data: Uint8ClampedArray
  width: number
  height: number
}

const SAMPLES = 4

/** Anti-aliased coverage of a ring between `inner` and `outer` radius (inner 0: a disc), 4×4 supersampled. */
export function ringMask(inner: number, outer: number): CoverageMask {
  const size = Math.ceil(outer * 2) + 2
  const coverage = new Float32Array(size * size)
  const c = size / 2
  const in2 = inner * inner
  const out2 = outer * outer
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let hits = 0
      for (let sy = 0; sy < SAMPLES; sy++) {
        const dy = y + (sy + 0.5) / SAMPLES - c
        for (let sx = 0; sx < SAMPLES; sx++) {
          const dx = x + (sx + 0.5) / SAMPLES - c
          const d2 = dx * dx + dy * dy
          if (d2 <= out2 && d2 >= in2) hits++
        }
      }
      coverage[y * size + x] = hits / (SAMPLES * SAMPLES)
    }
  }
  const runStart = new Int16Array(size)
  const runEnd = new Int16Array(size)
  const ex: number[] = []
  const ey: number[] = []
  const ea: number[] = []
  for (let y = 0; y < size; y++) {
    let start = -1
    let end = -1
    let single = true
    for (let x = 0; x < size; x++) {
      if (coverage[y * size + x] !== 1) continue
      if (start < 0) start = x
      else if (x !== end) single = false
      end = x + 1
    }
    runStart[y] = single ? Math.max(start, 0) : -1
    runEnd[y] = single ? Math.max(end, 0) : -1
    if (!single) continue
    for (let x = 0; x < size; x++) {
      const a = coverage[y * size + x] as number
      if (a > 0 && a < 1) {
        ex.push(x)
        ey.push(y)
        ea.push(a)
      }
    }
  }
  return {
    size,
    coverage,
    runStart,
    runEnd,
    edgeX: Int16Array.from(ex),
    edgeY: Int16Array.from(ey),
    edgeA: Float32Array.from(ea),
  }
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1
const pack = (rgb: Rgb): number =>
  littleEndian
    ? ((255 << 24) | (rgb[2] << 16) | (rgb[1] << 8) | rgb[0]) >>> 0
    : ((rgb[0] << 24) | (rgb[1] << 16) | (rgb[2] << 8) | 255) >>> 0

const views = new WeakMap<Uint8ClampedArray, Uint32Array>()
function words(data: Uint8ClampedArray): Uint32Array {
  let v = views.get(data)
  if (!v) {
    v = new Uint32Array(data.buffer, data.byteOffset, data.byteLength >> 2)
    views.set(data, v)
  }
  return v
}

/**
 * Composites `mask` in `rgb` centred at pixel position (cx, cy) onto the buffer ("source over", straight
 * alpha as ImageData stores it). The centre is rounded to the pixel grid: half a pixel is invisible on
 * seats this size and keeps every seat's edge identical.
 */
export function stamp(buf: PixelBuffer, mask: CoverageMask, rgb: Rgb, cx: number, cy: number): void {
  const { size, runStart, runEnd, coverage } = mask
  const x0 = Math.round(cx - size / 2)
  const y0 = Math.round(cy - size / 2)
  const { data, width, height } = buf
  const word = words(data)
  const packed = pack(rgb)
  for (let my = 0; my < size; my++) {
    const y = y0 + my
    if (y < 0 || y >= height) continue
    const row = y * width
    const a = runStart[my] as number
    if (a >= 0) {
      // Plain loop rather than fill(): runs are a few dozen pixels, where a call costs more than the writes.
      const to = Math.min(width, x0 + (runEnd[my] as number))
      for (let x = Math.max(0, x0 + a); x < to; x++) word[row + x] = packed
      continue
    }
    for (let mx = 0; mx < size; mx++) {
      const x = x0 + mx
      const c = coverage[my * size + mx] as number
      if (c <= 0 || x < 0 || x >= width) continue
      if (c >= 1) word[row + x] = packed
      else blend(data, (row + x) * 4, rgb, c)
    }
  }
  const { edgeX, edgeY, edgeA } = mask
  for (let e = 0; e < edgeX.length; e++) {
    const x = x0 + (edgeX[e] as number)
    const y = y0 + (edgeY[e] as number)
    if (x < 0 || y < 0 || x >= width || y >= height) continue
    blend(data, (y * width + x) * 4, rgb, edgeA[e] as number)
  }
}

function blend(data: Uint8ClampedArray, i: number, rgb: Rgb, a: number): void {
  const below = (data[i + 3] as number) / 255
  if (below === 0) {
    data[i] = rgb[0]
    data[i + 1] = rgb[1]
    data[i + 2] = rgb[2]
    data[i + 3] = a * 255
    return
  }
  const out = a + below * (1 - a)
  const k = (below * (1 - a)) / out
  data[i] = rgb[0] * (a / out) + (data[i] as number) * k
  data[i + 1] = rgb[1] * (a / out) + (data[i + 1] as number) * k
  data[i + 2] = rgb[2] * (a / out) + (data[i + 2] as number) * k
  data[i + 3] = out * 255
}

import { parseHex, parseRgbFunction, type Rgb } from '../model/color'
import { VISUAL } from '../model/place-codes'
import type { PlaceStates } from '../model/place-states'
import type { SeatPalette } from '../model/seat-colors'
import type { VenueSection } from '../model/venue-model'
import { type CoverageMask, ringMask, stamp } from './disc-raster'
import { paintSeats } from './paint-seats'
import type { SeatBatches, SeatShape } from './seat-batches'

type Surface = OffscreenCanvas | HTMLCanvasElement
type Surface2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D

interface Entry {
  surface: Surface
  section: number
  level: number
  /** Device pixels per world unit. */
  k: number
  version: number
  pixels: number
  lastUsed: number
}

/** A zoom level's bitmaps: device pixels per world unit, seat shape, and ring width in world units. */
export interface BitmapLevel {
  scale: number
  shape: SeatShape
  ring: number
}

export type BitmapDraw = 'exact' | 'built' | 'approximate' | 'none'

const masks = new Map<string, CoverageMask>()
function maskOf(inner: number, outer: number): CoverageMask {
  const key = `${inner.toFixed(2)}:${outer.toFixed(2)}`
  let m = masks.get(key)
  if (!m) {
    m = ringMask(inner, outer)
    masks.set(key, m)
  }
  return m
}

/** Any CSS colour as RGB: hex directly, anything else through the canvas's own colour parser. */
function rgbOf(g: Surface2D, color: string): Rgb {
  const hex = parseHex(color)
  if (hex) return hex
  g.fillStyle = '#000000'
  g.fillStyle = color
  const normalised = String(g.fillStyle)
  return parseHex(normalised) ?? parseRgbFunction(normalised) ?? [0, 0, 0]
}

function createSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height)
  const c = document.createElement('canvas')
  c.width = width
  c.height = height
  return c
}

/**
 * Pre-rendered seat layers: per numbered section and zoom level, one bitmap. Where seats are a few pixels
 * wide tens of thousands are on screen, and rasterising that many small shapes every frame costs 15-40 ms
 * on a software-rendered canvas; scaling a few dozen ready bitmaps costs ~2 ms. Levels are a factor of 2
 * apart, so a bitmap is never scaled by more than ~1.25× up or 0.6× down. A bitmap is redrawn only when its
 * section changes or the fan reaches a level not drawn yet; least recently used ones go past `maxPixels`.
 */
export class SeatBitmaps {
  private readonly entries = new Map<number, Entry>()
  private readonly versions: Uint32Array
  private totalPixels = 0
  private clock = 0

  constructor(
    private readonly sectionCount: number,
    private readonly states: PlaceStates,
    private readonly batches: SeatBatches,
    private readonly maxPixels = 24_000_000,
  ) {
    this.versions = new Uint32Array(sectionCount)
  }

  private key(section: number, level: number): number {
    return level * this.sectionCount + section
  }

  invalidate(section: number): void {
    this.versions[section] = (this.versions[section] ?? 0) + 1
  }

  invalidateAll(): void {
    for (let i = 0; i < this.versions.length; i++) this.versions[i] = (this.versions[i] ?? 0) + 1
  }

  clear(): void {
    this.entries.clear()
    this.totalPixels = 0
  }

  has(section: number, level: number): boolean {
    const e = this.entries.get(this.key(section, level))
    return e !== undefined && e.version === this.versions[section]
  }

  /**
   * Draws a section's seats at `level`: from its bitmap, built first if `mayBuild` ('built'); otherwise from an
   * up-to-date bitmap of another level ('approximate': the caller should draw again soon); or not at all
   * ('none': the caller draws vectors). `ctx` must be in world transform.
   */
  draw(
    ctx: CanvasRenderingContext2D,
    section: VenueSection,
    level: number,
    spec: BitmapLevel,
    colors: readonly string[],
    palette: SeatPalette,
    mayBuild: boolean,
  ): BitmapDraw {
    let entry = this.entries.get(this.key(section.index, level))
    let result: BitmapDraw = 'exact'
    if (!entry || entry.version !== this.versions[section.index]) {
      if (mayBuild) {
        entry = this.build(section, level, spec, colors, palette)
        result = 'built'
      } else {
        entry = this.anyCurrent(section.index)
        if (!entry) return 'none'
        result = 'approximate'
      }
    }
    entry.lastUsed = ++this.clock
    const { k } = entry
    ctx.drawImage(
      entry.surface,
      section.bounds.minX - 1 / k,
      section.bounds.minY - 1 / k,
      entry.surface.width / k,
      entry.surface.height / k,
    )
    return result
  }

  /**
   * Builds a bitmap ahead of need (idle time); false once half the memory is used, so what the fan zooms
   * into later still has room without evicting.
   */
  prepare(
    section: VenueSection,
    level: number,
    spec: BitmapLevel,
    colors: readonly string[],
    palette: SeatPalette,
  ): boolean {
    if (this.has(section.index, level)) return true
    const { w, h } = this.sizeOf(section, spec.scale)
    if (this.totalPixels + w * h > this.maxPixels / 2) return false
    this.build(section, level, spec, colors, palette)
    return true
  }

  private anyCurrent(section: number): Entry | undefined {
    for (const e of this.entries.values())
      if (e.section === section && e.version === this.versions[section]) return e
    return undefined
  }

  /**
   * Pixel size for a scale, plus a 1-pixel border. The scale is rounded so exactly w - 2 pixels span the
   * section, and the height follows from it, so drawing back maps world to pixels without drift.
   */
  private sizeOf(s: VenueSection, scale: number) {
    const width = Math.max(s.bounds.maxX - s.bounds.minX, 1e-6)
    const w = Math.ceil(width * scale) + 2
    const k = (w - 2) / width
    return { w, h: Math.ceil((s.bounds.maxY - s.bounds.minY) * k) + 2, k }
  }

  private build(
    s: VenueSection,
    level: number,
    spec: BitmapLevel,
    colors: readonly string[],
    palette: SeatPalette,
  ): Entry {
    const { w, h, k } = this.sizeOf(s, spec.scale)
    const key = this.key(s.index, level)
    const old = this.entries.get(key)
    let surface: Surface
    if (old) this.totalPixels -= old.pixels
    if (old && old.surface.width === w && old.surface.height === h) surface = old.surface
    else surface = createSurface(w, h)
    const g = surface.getContext('2d') as Surface2D
    g.setTransform(1, 0, 0, 1, 0, 0)
    if (spec.shape === 'circle') this.rasterDiscs(g, s, k, w, h, spec.ring, colors, palette)
    else {
      g.clearRect(0, 0, w, h)
      g.setTransform(k, 0, 0, k, -s.bounds.minX * k + 1, -s.bounds.minY * k + 1)
      paintSeats(
        g,
        this.batches.get(s.index, 'square'),
        this.states.visualCounts[s.index] as Int32Array,
        colors,
        palette,
        spec.ring,
      )
    }
    const entry: Entry = {
      surface,
      section: s.index,
      level,
      k,
      version: this.versions[s.index] ?? 0,
      pixels: w * h,
      lastUsed: ++this.clock,
    }
    this.entries.set(key, entry)
    this.totalPixels += entry.pixels
    this.evict(key)
    return entry
  }

  /**
   * Circles through the disc rasteriser (disc-raster.ts) straight into pixel memory; the fan's own seats go
   * last, ring first, so their rings lie over the neighbours' edges.
   */
  private rasterDiscs(
    g: Surface2D,
    s: VenueSection,
    k: number,
    w: number,
    h: number,
    ringWorld: number,
    colors: readonly string[],
    palette: SeatPalette,
  ): void {
    const img = g.createImageData(w, h)
    const radius = s.half * k
    const ring = ringWorld * k
    const disc = maskOf(0, radius)
    const halo = ring > 0 ? maskOf(Math.max(0, radius - ring / 2), radius + ring / 2) : null
    const rgb = colors.map((c) => rgbOf(g, c))
    const ringRgb = {
      [VISUAL.SELECTED]: rgbOf(g, palette.selectedRing),
      [VISUAL.RESERVED]: rgbOf(g, palette.reservedRing),
    }
    const visual = this.states.visual[s.index] as Uint8Array
    const ox = 1 - s.bounds.minX * k
    const oy = 1 - s.bounds.minY * k
    const own: number[] = []
    for (let i = 0; i < visual.length; i++) {
      const v = visual[i] as number
      if (halo && (v === VISUAL.SELECTED || v === VISUAL.RESERVED)) own.push(i)
      else stamp(img, disc, rgb[v] as Rgb, (s.xs[i] as number) * k + ox, (s.ys[i] as number) * k + oy)
    }
    for (const i of own) {
      const v = visual[i] as 1 | 2
      const x = (s.xs[i] as number) * k + ox
      const y = (s.ys[i] as number) * k + oy
      stamp(img, halo as CoverageMask, ringRgb[v], x, y)
      stamp(img, disc, rgb[v] as Rgb, x, y)
    }
    g.putImageData(img, 0, 0)
  }

  private evict(keep: number): void {
    if (this.totalPixels <= this.maxPixels) return
    const byAge = [...this.entries].filter(([k]) => k !== keep).sort((a, b) => a[1].lastUsed - b[1].lastUsed)
    for (const [k, e] of byAge) {
      if (this.totalPixels <= this.maxPixels) break
      this.entries.delete(k)
      this.totalPixels -= e.pixels
    }
  }
}

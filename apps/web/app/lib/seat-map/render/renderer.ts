import { highlightStyle } from '../model/highlight'
import { type MapTarget, sameTarget } from '../model/map-target'
import { VISUAL } from '../model/place-codes'
import type { PlaceStates } from '../model/place-states'
import { type SeatPalette, visualColors } from '../model/seat-colors'
import { drawOrderOf, sectionAt } from '../model/section-hit'
import { SeatGrid } from '../model/spatial-index'
import type { Venue, VenueSection } from '../model/venue-model'
import {
  type Bounds,
  clampToContent,
  fitBounds,
  intersects,
  lerpViewport,
  type ScaleLimits,
  screenToWorld,
  type Viewport,
  visibleWorld,
  worldToScreen,
  zoomAt,
} from '../model/viewport'
import { bitmapLevelFor, CIRCLE_FROM_PX, levelSpec, RING_FROM_PX, RING_PX } from './bitmap-levels'
import {
  drawSectionLabel,
  drawSectionShape,
  drawShapes,
  drawStage,
  drawStageLabel,
  prepareLabelStyle,
} from './draw-venue'
import { onIdle } from './idle'
import { paintSeats } from './paint-seats'
import { SeatBatches, type SeatShape } from './seat-batches'
import { SeatBitmaps } from './seat-bitmaps'
import { easeOutCubic, HighlightTweens } from './tween'

export interface RendererOptions {
  palette: SeatPalette
  /** AVAILABLE colour per section index (the zone's colour, else the section's). */
  zoneColors: readonly string[]
  reducedMotion?: boolean
  /** Seats appear once neighbouring seats are this many CSS pixels apart; below, sections only. */
  seatThresholdPx?: number
  /** Called at most once per frame after the viewport moved. */
  onViewChange?: (vp: Viewport) => void
  /** For the benchmark and diagnostics. */
  onFrame?: (info: FrameInfo) => void
}

export interface FrameInfo {
  /** Time spent issuing draw calls (rasterisation may happen later, inside the browser's frame). */
  drawMs: number
  seatLevel: boolean
  sectionsDrawn: number
  seatsDrawn: number
}

const DEFAULT_SEAT_THRESHOLD_PX = 4.5
/** Per frame, building bitmaps stops after this long; the rest are approximated until a later frame. */
const BITMAP_BUILD_BUDGET_MS = 6
/** Largest zoom: the widest-spaced seats 48 px apart. */
const MAX_PITCH_PX = 48
/** Higher device pixel ratios cost 2.25× the pixels for no visible gain on a map of dots. */
const MAX_DPR = 2
const VIEW_TWEEN_MS = 220

/**
 * The Canvas 2D seat-map renderer: owns the canvas, the viewport and the frame loop. It draws in
 * requestAnimationFrame and only when something changed (`dirty`) or an animation runs; sections are culled
 * by bounding box, and seats are filled from cached per-state paths (see SeatBatches).
 */
export class SeatMapRenderer {
  private seatGrid: SeatGrid | null = null
  private readonly ctx: CanvasRenderingContext2D
  private readonly order: VenueSection[]
  private readonly batches: SeatBatches
  private readonly bitmaps: SeatBitmaps
  private cancelPrewarm: (() => void) | null = null
  private warmed = false
  private readonly highlights = new HighlightTweens()
  private colors: string[][]
  private palette: SeatPalette
  private width = 0
  private height = 0
  private dpr = 1
  private vp: Viewport = { scale: 1, x: 0, y: 0 }
  private fitted = false
  private userMoved = false
  private tween: { from: Viewport; to: Viewport; start: number } | null = null
  private dirty = true
  private raf = 0
  private viewChanged = false
  private hover: MapTarget | null = null
  private focus = -1
  private destroyed = false

  constructor(
    private readonly canvas: HTMLCanvasElement,
    readonly venue: Venue,
    readonly states: PlaceStates,
    private options: RendererOptions,
  ) {
    const ctx = canvas.getContext('2d', { alpha: false })
    if (!ctx) throw new Error('Canvas 2D is not available')
    this.ctx = ctx
    this.order = drawOrderOf(venue)
    this.batches = new SeatBatches(venue.sections, states)
    this.bitmaps = new SeatBitmaps(venue.sections.length, states, this.batches)
    this.palette = options.palette
    this.colors = venue.sections.map((s) =>
      visualColors(options.zoneColors[s.index] ?? s.color, options.palette),
    )
  }

  // ---- configuration ------------------------------------------------------------------------------------

  setColors(palette: SeatPalette, zoneColors: readonly string[]): void {
    const colors = this.venue.sections.map((s) => visualColors(zoneColors[s.index] ?? s.color, palette))
    if (palette === this.palette && colors.every((c, i) => c.join() === this.colors[i]?.join())) return
    this.palette = palette
    this.options = { ...this.options, palette, zoneColors }
    this.colors = colors
    this.bitmaps.invalidateAll()
    this.schedulePrewarm()
    this.invalidate()
  }

  setReducedMotion(reduced: boolean): void {
    this.options = { ...this.options, reducedMotion: reduced }
  }

  /** Size in CSS pixels; the backing store follows the device pixel ratio (capped, see MAX_DPR). */
  resize(width: number, height: number, devicePixelRatio: number): void {
    const dpr = Math.min(Math.max(devicePixelRatio || 1, 1), MAX_DPR)
    if (width === this.width && height === this.height && dpr === this.dpr) return
    const centre = this.width > 0 ? screenToWorld(this.vp, this.width / 2, this.height / 2) : null
    const previousDpr = this.dpr
    this.width = width
    this.height = height
    this.dpr = dpr
    this.canvas.width = Math.max(1, Math.round(width * dpr))
    this.canvas.height = Math.max(1, Math.round(height * dpr))
    if (dpr !== previousDpr) this.bitmaps.clear()
    if (!this.fitted || !this.userMoved || !centre) {
      this.vp = this.fitViewport()
      this.fitted = true
    } else {
      // Keep what the fan was looking at in the middle.
      this.vp = {
        ...this.vp,
        x: width / 2 - centre[0] * this.vp.scale,
        y: height / 2 - centre[1] * this.vp.scale,
      }
    }
    this.viewChanged = true
    this.invalidate()
  }

  // ---- viewport -----------------------------------------------------------------------------------------

  get viewport(): Viewport {
    return this.vp
  }

  get limits(): ScaleLimits {
    const fit = this.fitViewport().scale
    return { min: fit * 0.6, max: Math.max(fit * 2, MAX_PITCH_PX / this.venue.minPitch) }
  }

  /** Sections give way to seats at this zoom; Tribune_selection layouts never show seats. */
  get seatLevel(): boolean {
    return (
      this.venue.kind !== 'Tribune_selection' && this.vp.scale * this.venue.minPitch >= this.seatThreshold
    )
  }

  get seatLevelScale(): number {
    return this.seatThreshold / this.venue.minPitch
  }

  private levelSpec(level: number) {
    return levelSpec(level, this.seatLevelScale, this.venue.minPitch, this.dpr)
  }

  private get seatThreshold(): number {
    return this.options.seatThresholdPx ?? DEFAULT_SEAT_THRESHOLD_PX
  }

  private fitViewport(bounds: Bounds = this.venue.bounds): Viewport {
    return fitBounds(bounds, this.width || 1, this.height || 1, 12)
  }

  setViewport(next: Viewport, animate = false): void {
    const limits = this.limits
    const scale = Math.min(limits.max, Math.max(limits.min, next.scale))
    const clamped = clampToContent({ ...next, scale }, this.venue.bounds, this.width, this.height)
    this.userMoved = true
    if (animate && !this.options.reducedMotion) {
      this.tween = { from: this.vp, to: clamped, start: 0 }
    } else {
      this.tween = null
      this.vp = clamped
    }
    this.viewChanged = true
    this.invalidate()
  }

  panBy(dx: number, dy: number): void {
    const vp = this.currentTarget()
    this.setViewport({ scale: vp.scale, x: vp.x + dx, y: vp.y + dy })
  }

  zoomAt(factor: number, sx: number, sy: number, animate = false): void {
    this.setViewport(zoomAt(this.currentTarget(), factor, sx, sy, this.limits), animate)
  }

  zoomBy(factor: number): void {
    this.zoomAt(factor, this.width / 2, this.height / 2, true)
  }

  fit(animate = true): void {
    this.setViewport(this.fitViewport(), animate)
    this.userMoved = false
  }

  /** Zooms to a section, at least far enough in to show its seats. */
  fitSection(index: number, animate = true): void {
    const s = this.venue.sections[index]
    if (!s) return
    // Some of the neighbourhood stays in view, so the fan keeps their bearings.
    const b = s.bounds
    const mx = (b.maxX - b.minX) * 0.3
    const my = (b.maxY - b.minY) * 0.3
    let vp = this.fitViewport({ minX: b.minX - mx, minY: b.minY - my, maxX: b.maxX + mx, maxY: b.maxY + my })
    if (s.numbered && vp.scale < this.seatLevelScale * 1.05) {
      const [cx, cy] = [(s.bounds.minX + s.bounds.maxX) / 2, (s.bounds.minY + s.bounds.maxY) / 2]
      const scale = this.seatLevelScale * 1.05
      vp = { scale, x: this.width / 2 - cx * scale, y: this.height / 2 - cy * scale }
    }
    this.setViewport(vp, animate)
  }

  private currentTarget(): Viewport {
    return this.tween ? this.tween.to : this.vp
  }

  // ---- state --------------------------------------------------------------------------------------------

  /** Rebuilds the seat paths of sections whose places changed, and redraws. */
  invalidateSections(sections: Iterable<number>): void {
    for (const s of sections) {
      this.batches.invalidate(s)
      this.bitmaps.invalidate(s)
    }
    this.invalidate()
  }

  invalidateAll(): void {
    this.batches.invalidateAll()
    this.bitmaps.invalidateAll()
    this.schedulePrewarm()
    this.invalidate()
  }

  /**
   * Builds the spatial index and seat bitmaps in idle time after the first frame: the first zoom level
   * for every section, then the second for the nearest ones, so zooming in does not wait for them. Stops
   * at the bitmaps' memory allowance for work ahead of need.
   */
  private schedulePrewarm(): void {
    if (this.cancelPrewarm || this.destroyed || this.venue.kind === 'Tribune_selection') return
    const sections = this.venue.sections.filter((s) => s.numbered && s.placeCount > 0)
    const [cx, cy] = screenToWorld(this.vp, this.width / 2, this.height / 2)
    const distance = (s: VenueSection) => Math.hypot(s.centroid[0] - cx, s.centroid[1] - cy)
    sections.sort((a, b) => distance(a) - distance(b))
    const queue = [0, 1].flatMap((level) => sections.map((s) => ({ s, level })))
    const specs = [this.levelSpec(0), this.levelSpec(1)]
    let gridBuilt = this.seatGrid !== null
    const step = (timeLeft: () => number) => {
      this.cancelPrewarm = null
      if (this.destroyed) return
      if (!gridBuilt) {
        // The index is one piece of work of its own (tens of ms on a slow phone), so it gets its own slot.
        void this.grid
        gridBuilt = true
      } else {
        while (queue.length > 0 && timeLeft() > 2) {
          const { s, level } = queue.shift() as { s: VenueSection; level: number }
          const spec = specs[level] as (typeof specs)[number]
          if (!this.bitmaps.prepare(s, level, spec, this.colors[s.index] as string[], this.palette)) return
        }
      }
      if (queue.length > 0) this.cancelPrewarm = onIdle(step)
    }
    this.cancelPrewarm = onIdle(step)
  }

  setHover(target: MapTarget | null): void {
    const before = this.hover
    if (sameTarget(before, target)) return
    this.hover = target
    const instant = Boolean(this.options.reducedMotion)
    if (before && before.section !== target?.section && before.section !== this.focus) {
      this.highlights.setTarget(before.section, 0, instant)
    }
    if (target) this.highlights.setTarget(target.section, 1, instant)
    this.invalidate()
  }

  /** The section the fan is working in (last tapped or chosen); it keeps its highlight. */
  setFocusSection(index: number): void {
    if (index === this.focus) return
    const instant = Boolean(this.options.reducedMotion)
    if (this.focus >= 0 && this.focus !== this.hover?.section)
      this.highlights.setTarget(this.focus, 0, instant)
    this.focus = index
    if (index >= 0) this.highlights.setTarget(index, 1, instant)
    this.invalidate()
  }

  // ---- hit testing --------------------------------------------------------------------------------------

  /** Built on first use (or in idle time after the first frame), so it never delays the first paint. */
  get grid(): SeatGrid {
    this.seatGrid ??= new SeatGrid(this.venue)
    return this.seatGrid
  }

  /**
   * What is under a CSS-pixel point. At seat level a seat (with a finger-sized tolerance for touch), or an
   * unnumbered section; gaps between seats are nothing. At overview level, the section.
   */
  hitTest(sx: number, sy: number, pointerType = 'mouse'): MapTarget | null {
    const [wx, wy] = screenToWorld(this.vp, sx, sy)
    if (this.seatLevel) {
      const tolerance = (pointerType === 'touch' ? 8 : 1) / this.vp.scale
      const seat = this.grid.hit(wx, wy, Math.min(tolerance, this.venue.minPitch * 0.6))
      if (seat) return { kind: 'seat', ...seat }
      const section = sectionAt(this.order, wx, wy)
      return section && !section.numbered ? { kind: 'section', section: section.index } : null
    }
    const section = sectionAt(this.order, wx, wy)
    return section ? { kind: 'section', section: section.index } : null
  }

  /** Where to anchor a details card for a target, in CSS pixels. */
  anchorOf(target: MapTarget): { x: number; y: number; radius: number } {
    const s = this.venue.sections[target.section] as VenueSection
    if (target.kind === 'seat') {
      const [x, y] = worldToScreen(this.vp, s.xs[target.place] as number, s.ys[target.place] as number)
      return { x, y, radius: s.half * this.vp.scale }
    }
    const [x, y] = worldToScreen(this.vp, s.centroid[0], s.centroid[1])
    return { x, y, radius: 0 }
  }

  // ---- frame loop ---------------------------------------------------------------------------------------

  invalidate(): void {
    this.dirty = true
    this.request()
  }

  private request(): void {
    if (this.raf || this.destroyed) return
    this.raf = requestAnimationFrame(this.frame)
  }

  private readonly frame = (now: number): void => {
    this.raf = 0
    let animating = false
    if (this.tween) {
      if (!this.tween.start) this.tween.start = now
      const t = Math.min(1, (now - this.tween.start) / VIEW_TWEEN_MS)
      this.vp = lerpViewport(this.tween.from, this.tween.to, easeOutCubic(t))
      this.viewChanged = true
      if (t >= 1) this.tween = null
      else animating = true
    }
    if (this.highlights.step(now)) animating = true
    if (this.dirty || animating) this.draw()
    if (animating) this.request()
  }

  /** Draws now if anything changed; the benchmark uses it to draw inside its own animation frame. */
  flush(now = performance.now()): void {
    if (this.raf) {
      cancelAnimationFrame(this.raf)
      this.raf = 0
    }
    this.frame(now)
  }

  destroy(): void {
    this.destroyed = true
    if (this.raf) cancelAnimationFrame(this.raf)
    this.raf = 0
    this.cancelPrewarm?.()
    this.bitmaps.clear()
  }

  // ---- drawing ------------------------------------------------------------------------------------------

  private draw(): void {
    const t0 = performance.now()
    this.dirty = false
    const { ctx, dpr, vp, palette } = this
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    ctx.globalAlpha = 1
    ctx.shadowBlur = 0
    ctx.fillStyle = palette.background
    ctx.fillRect(0, 0, this.width, this.height)

    const view = visibleWorld(vp, this.width, this.height)
    const seatLevel = this.seatLevel
    const k = dpr * vp.scale
    ctx.setTransform(k, 0, 0, k, dpr * vp.x, dpr * vp.y)
    drawStage(ctx, this.venue, palette)
    if (this.venue.shapes.length) drawShapes(ctx, this.venue.shapes, () => this.invalidate())

    const highlighted = this.highlights.entries()
    let othersAlpha = 1
    for (const [index, t] of highlighted) {
      const s = this.venue.sections[index]
      if (s)
        othersAlpha = Math.min(
          othersAlpha,
          highlightStyle(s.highlight, t, s.color, palette.hoverRing).othersAlpha,
        )
    }

    const visible: VenueSection[] = []
    for (const s of this.order) {
      if (!intersects(s.bounds, view)) continue
      visible.push(s)
      this.drawSection(s, seatLevel, othersAlpha)
    }

    let seatsDrawn = 0
    let refine = false
    if (seatLevel) {
      const buildUntil = t0 + BITMAP_BUILD_BUDGET_MS
      const level = bitmapLevelFor(vp.scale, this.seatLevelScale)
      const spec = level >= 0 ? this.levelSpec(level) : null
      let built = 0
      for (const s of visible) {
        if (!s.numbered || s.placeCount === 0) continue
        ctx.globalAlpha = this.highlights.get(s.index) > 0 ? 1 : othersAlpha
        const colors = this.colors[s.index] as string[]
        // At least one bitmap per frame, so a slow frame still makes progress.
        const mayBuild = built === 0 || performance.now() < buildUntil
        const drawn = spec ? this.bitmaps.draw(ctx, s, level, spec, colors, palette, mayBuild) : 'none'
        if (drawn === 'built') built++
        // Vectors stand in where no bitmap is ready; as squares while bitmaps are in use, since canvas
        // circles are the expensive shape and the real bitmap follows in a frame or two.
        if (drawn === 'none') this.drawSeats(s, 2 * s.half * vp.scale, spec ? 'square' : undefined)
        // A bitmap of another level stands in until this level's is built, in a later frame.
        if (drawn === 'approximate' || (drawn === 'none' && spec)) refine = true
        seatsDrawn += s.placeCount
      }
      ctx.globalAlpha = 1
      this.drawHoverRing()
    }

    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    drawStageLabel(ctx, this.venue, vp, palette)
    prepareLabelStyle(ctx, palette)
    for (const s of visible) if (!seatLevel || !s.numbered) drawSectionLabel(ctx, s, vp)

    if (!this.cancelPrewarm && !this.warmed) {
      this.warmed = true
      this.schedulePrewarm()
    }
    if (this.viewChanged) {
      this.viewChanged = false
      this.options.onViewChange?.(vp)
    }
    this.options.onFrame?.({
      drawMs: performance.now() - t0,
      seatLevel,
      sectionsDrawn: visible.length,
      seatsDrawn,
    })
    if (refine) this.invalidate()
  }

  private drawSection(s: VenueSection, seatLevel: boolean, othersAlpha: number): void {
    const { palette } = this
    const t = this.highlights.get(s.index)
    const zone = this.colors[s.index]?.[VISUAL.AVAILABLE] ?? s.color
    const soldOut = s.disabled || (this.states.available[s.index] ?? 0) === 0
    const base = soldOut ? palette.soldOutSection : zone
    drawSectionShape(
      this.ctx,
      s,
      highlightStyle(t > 0 ? s.highlight : 'no_animation', t, base, palette.hoverRing),
      {
        // At seat level a numbered section is a faint backdrop behind its seats; otherwise it is what is drawn.
        fillAlpha: seatLevel && s.numbered ? 0.14 : 0.85,
        alpha: t > 0 ? 1 : othersAlpha,
        scale: this.vp.scale,
        dpr: this.dpr,
        outline: palette.sectionStroke,
      },
    )
  }

  /** Seats as vectors: when zoomed in past the bitmaps, or until a section's bitmap exists. */
  private drawSeats(s: VenueSection, sizePx: number, shape?: SeatShape): void {
    paintSeats(
      this.ctx,
      this.batches.get(s.index, shape ?? (sizePx >= CIRCLE_FROM_PX ? 'circle' : 'square')),
      this.states.visualCounts[s.index] as Int32Array,
      this.colors[s.index] as string[],
      this.palette,
      sizePx >= RING_FROM_PX ? RING_PX / this.vp.scale : 0,
    )
  }

  private drawHoverRing(): void {
    const h = this.hover
    if (h?.kind !== 'seat') return
    const s = this.venue.sections[h.section]
    if (!s) return
    const { ctx, vp } = this
    const r = s.half + 2 / vp.scale
    ctx.lineWidth = 2 / vp.scale
    ctx.strokeStyle = this.palette.hoverRing
    ctx.beginPath()
    ctx.arc(s.xs[h.place] as number, s.ys[h.place] as number, r * Math.SQRT2, 0, Math.PI * 2)
    ctx.stroke()
  }
}

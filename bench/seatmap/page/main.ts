import type { SeatAvailability } from '@palco/domain/seating/availability'
import type { Layout } from '@palco/domain/seating/layout'
import { PlaceStates } from '../../../apps/web/app/lib/seat-map/model/place-states'
import { paletteFor } from '../../../apps/web/app/lib/seat-map/model/seat-colors'
import { buildVenue } from '../../../apps/web/app/lib/seat-map/model/venue-model'
import type { Viewport } from '../../../apps/web/app/lib/seat-map/model/viewport'
import { attachGestures } from '../../../apps/web/app/lib/seat-map/render/gestures'
import { type FrameInfo, SeatMapRenderer } from '../../../apps/web/app/lib/seat-map/render/renderer'

/**
 * The benchmark page: loads layout.json and the availability like the checkout page does (two fetches in
 * parallel), builds the model and draws with the product's renderer. Everything the runner measures is
 * exposed on `window.bench`.
 */
declare global {
  interface Window {
    bench: BenchApi
  }
}

interface BenchApi {
  ready: Promise<void>
  timings: Record<string, number>
  renderer?: SeatMapRenderer
  panZoom(): Promise<PanZoomResult>
  frameCosts(): { name: string; costMs: number[] }[]
  hitTests(count: number): HitTestResult
  setView(kind: 'overview' | 'seats' | 'close', hover?: boolean): Promise<void>
}

interface PanZoomPhase {
  name: string
  frames: number
  intervals: number[]
  drawMs: number[]
  seatsDrawn: number[]
}
type PanZoomResult = PanZoomPhase[]
interface HitTestResult {
  samples: number
  perCallMs: number[]
  totalMs: number
  hits: number
  timerResolutionHint: boolean
}

const canvas = document.getElementById('map') as HTMLCanvasElement
const timings: Record<string, number> = {}
let lastFrame: FrameInfo | null = null
let firstFrameResolve: () => void = () => {}
const firstFrame = new Promise<void>((r) => {
  firstFrameResolve = r
})

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r))

async function start(): Promise<SeatMapRenderer> {
  timings.scriptStart = performance.now()
  const [layout, availability] = await Promise.all([
    fetch('./layout.json').then((r) => r.json() as Promise<Layout>),
    fetch('./availability.json').then((r) => r.json() as Promise<SeatAvailability>),
  ])
  timings.dataLoaded = performance.now()
  const venue = buildVenue(layout)
  const states = new PlaceStates(venue)
  states.load(availability)
  timings.modelBuilt = performance.now()
  const palette = paletteFor('light')
  const renderer = new SeatMapRenderer(canvas, venue, states, {
    palette,
    zoneColors: venue.sections.map((s) => s.color),
    onFrame: (info) => {
      lastFrame = info
      if (!timings.firstDraw) {
        timings.firstDraw = performance.now()
        firstFrameResolve()
      }
    },
  })
  timings.rendererBuilt = performance.now()
  const rect = canvas.getBoundingClientRect()
  renderer.resize(rect.width, rect.height, window.devicePixelRatio)
  attachGestures(canvas, {
    pan: (dx, dy) => renderer.panBy(dx, dy),
    zoom: (f, x, y) => renderer.zoomAt(f, x, y),
    tap: () => {},
    hover: (x, y) => renderer.setHover(renderer.hitTest(x, y)),
    leave: () => renderer.setHover(null),
    moving: () => {},
  })
  await firstFrame
  // The drawing is on screen once the browser has moved on to the next frame; measured when that frame's
  // callback runs (later than its timestamp), so the figure errs on the slow side.
  await nextFrame()
  timings.firstPaint = performance.now()
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]
  if (fcp) timings.firstContentfulPaint = fcp.startTime
  return renderer
}

const ready = start().then((r) => {
  window.bench.renderer = r
})

function overviewPath(r: SeatMapRenderer, i: number, n: number, fit: Viewport): Viewport {
  // Zoom from the whole venue to just before seats appear and back, drifting across it.
  const t = i / n
  const maxScale = r.seatLevelScale * 0.95
  const scale = fit.scale * (maxScale / fit.scale) ** (0.5 - 0.5 * Math.cos(2 * Math.PI * t))
  const cx = 640 + 260 * Math.sin(2 * Math.PI * t)
  const cy = 400 + 160 * Math.sin(4 * Math.PI * t)
  const [wx, wy] = [(cx - fit.x) / fit.scale, (cy - fit.y) / fit.scale]
  return { scale, x: 640 - wx * scale, y: 400 - wy * scale }
}

function seatPath(r: SeatMapRenderer, i: number, n: number): Viewport {
  // At seat level: sweep round the whole bowl (a full loop through every stand) while zooming between
  // just past the threshold, where most seats are on screen, and 3× closer.
  const { bounds } = r.venue
  const t = i / n
  const cx = (bounds.minX + bounds.maxX) / 2
  const cy = (bounds.minY + bounds.maxY) / 2
  const rx = (bounds.maxX - bounds.minX) * 0.36
  const ry = (bounds.maxY - bounds.minY) * 0.36
  const wx = cx + rx * Math.cos(2 * Math.PI * t)
  const wy = cy + ry * Math.sin(2 * Math.PI * t)
  const scale = r.seatLevelScale * 1.02 * 3 ** (0.5 - 0.5 * Math.cos(4 * Math.PI * t))
  return { scale, x: 640 - wx * scale, y: 400 - wy * scale }
}

async function runPhase(
  r: SeatMapRenderer,
  name: string,
  frames: number,
  path: (i: number) => Viewport,
): Promise<PanZoomPhase> {
  const phase: PanZoomPhase = { name, frames, intervals: [], drawMs: [], seatsDrawn: [] }
  let prev = await nextFrame()
  for (let i = 0; i < frames; i++) {
    const now = await new Promise<number>((resolve) =>
      requestAnimationFrame((ts) => {
        r.setViewport(path(i))
        r.flush(ts)
        resolve(ts)
      }),
    )
    if (i > 0) phase.intervals.push(now - prev)
    phase.drawMs.push(lastFrame?.drawMs ?? 0)
    phase.seatsDrawn.push(lastFrame?.seatsDrawn ?? 0)
    prev = now
  }
  return phase
}

window.bench = {
  ready,
  timings,
  async panZoom() {
    const r = window.bench.renderer as SeatMapRenderer
    r.fit(false)
    await nextFrame()
    const fit = r.viewport
    const overview = await runPhase(r, 'overview', 300, (i) => overviewPath(r, i, 300, fit))
    const seats = await runPhase(r, 'seats', 400, (i) => seatPath(r, i, 400))
    r.fit(false)
    return [overview, seats]
  },
  frameCosts() {
    // The same two paths without waiting for frames: each step draws and then reads one pixel back, which
    // makes the browser rasterise the canvas there and then. What it measures is the renderer's own work
    // per frame (JS plus rasterisation, not compositing), less exposed to other processes than intervals.
    const r = window.bench.renderer as SeatMapRenderer
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D
    r.fit(false)
    r.flush()
    const fit = r.viewport
    const run = (name: string, n: number, path: (i: number) => Viewport) => {
      const costMs: number[] = []
      for (let i = 0; i < n; i++) {
        const t = performance.now()
        r.setViewport(path(i))
        r.flush()
        ctx.getImageData(0, 0, 1, 1)
        costMs.push(performance.now() - t)
      }
      return { name, costMs }
    }
    const result = [
      run('overview', 300, (i) => overviewPath(r, i, 300, fit)),
      run('seats', 400, (i) => seatPath(r, i, 400)),
    ]
    r.fit(false)
    return result
  },
  hitTests(count) {
    const r = window.bench.renderer as SeatMapRenderer
    let a = 12_345
    const rand = () => {
      a = (Math.imul(a, 1_103_515_245) + 12_345) >>> 0
      return a / 4294967296
    }
    const points = Float64Array.from({ length: 2 * count }, (_, i) => rand() * (i % 2 === 0 ? 1280 : 800))
    const perCallMs: number[] = []
    let hits = 0
    let totalMs = 0
    // Half the points at overview (section polygons), half at seat level (the seat grid).
    for (const view of ['overview', 'seats'] as const) {
      if (view === 'overview') r.fit(false)
      else r.setViewport(seatPath(r, 12, 100))
      r.flush()
      const from = view === 'overview' ? 0 : count >> 1
      const to = view === 'overview' ? count >> 1 : count
      for (let i = from; i < to; i++) {
        const t = performance.now()
        const hit = r.hitTest(points[2 * i] as number, points[2 * i + 1] as number)
        perCallMs.push(performance.now() - t)
        if (hit) hits++
      }
      // The same points again in one timed loop: the mean without timer overhead and resolution limits.
      const t = performance.now()
      for (let i = from; i < to; i++) r.hitTest(points[2 * i] as number, points[2 * i + 1] as number)
      totalMs += performance.now() - t
    }
    r.fit(false)
    return { samples: count, perCallMs, totalMs, hits, timerResolutionHint: self.crossOriginIsolated }
  },
  async setView(kind, hover = false) {
    const r = window.bench.renderer as SeatMapRenderer
    if (kind === 'overview') r.fit(false)
    else if (kind === 'seats') r.setViewport(seatPath(r, 12, 100))
    else {
      const s = r.venue.sections[20]
      if (s) r.fitSection(s.index, false)
      r.zoomAt(2.5, 640, 400)
    }
    r.flush()
    if (hover) {
      const target = r.hitTest(640, 400)
      r.setHover(target)
      if (target) r.setFocusSection(target.section)
      for (let i = 0; i < 20; i++) await nextFrame()
    }
    await nextFrame()
  },
}

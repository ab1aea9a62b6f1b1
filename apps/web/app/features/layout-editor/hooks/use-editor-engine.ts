import type { Layout } from '@palco/domain/seating/layout'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { PlaceStates } from '../../../lib/seat-map/model/place-states'
import type { SeatPalette } from '../../../lib/seat-map/model/seat-colors'
import { drawOrderOf } from '../../../lib/seat-map/model/section-hit'
import { buildVenue, type Venue, type VenueSection } from '../../../lib/seat-map/model/venue-model'
import { SeatMapRenderer } from '../../../lib/seat-map/render/renderer'

export interface EditorEngine {
  /** The document the venue was built from (the editor view of it). */
  view: Layout
  venue: Venue
  order: VenueSection[]
  renderer: SeatMapRenderer
}

/** Every place offered: the editor draws seats in their section's colour, disabled sections in grey. */
function everythingAvailable(venue: Venue) {
  const sections: Record<string, string> = {}
  for (const s of venue.sections) sections[s.code] = `A${s.placeCount}`
  return { eventId: 'layout-editor', version: 0, sections }
}

/**
 * The renderer's view callback, made outside the hook on purpose: a closure created inside the render keeps
 * that render's whole scope alive, including the `engine` state of the time — the previous engine — so every
 * rebuilt venue would hold the one before it, its typed arrays and renderer included (about 2 MB per edit
 * at 100,000 seats, found by bench/layout-editor).
 */
function forwardViews(
  latest: { readonly current: { onView: (engine: EditorEngine) => void } },
  engine: EditorEngine,
): () => void {
  return () => latest.current.onView(engine)
}

/**
 * The fans' renderer, driven by the editor: the venue model is rebuilt when the document changes (after a
 * committed edit, never during a drag), the new renderer takes over the old one's viewport and draws at
 * once so the canvas never shows an empty frame. The canvas follows its container's size.
 */
export function useEditorEngine(inputs: {
  canvasRef: RefObject<HTMLCanvasElement | null>
  containerRef: RefObject<HTMLElement | null>
  view: Layout | null
  palette: SeatPalette
  reducedMotion: boolean
  /** After the viewport moved (once per frame at most), and after a rebuild. */
  onView: (engine: EditorEngine) => void
  onResize: (width: number, height: number, dpr: number) => void
}): EditorEngine | null {
  const { canvasRef, containerRef, view } = inputs
  const [engine, setEngine] = useState<EditorEngine | null>(null)
  const current = useRef<EditorEngine | null>(null)
  const latest = useRef(inputs)
  latest.current = inputs

  useEffect(() => {
    const canvas = canvasRef.current
    const container = containerRef.current
    if (!canvas || !container || !view) return
    const venue = buildVenue(view)
    const states = new PlaceStates(venue)
    states.load(everythingAvailable(venue))
    const next: EditorEngine = {
      view,
      venue,
      order: drawOrderOf(venue),
      renderer: null as unknown as SeatMapRenderer,
    }
    next.renderer = new SeatMapRenderer(canvas, venue, states, {
      palette: latest.current.palette,
      zoneColors: venue.sections.map((s) => s.color),
      reducedMotion: latest.current.reducedMotion,
      onViewChange: forwardViews(latest, next),
    })
    const previous = current.current
    const box = container.getBoundingClientRect()
    next.renderer.resize(box.width, box.height, window.devicePixelRatio)
    if (previous) {
      next.renderer.setViewport(previous.renderer.viewport)
      previous.renderer.destroy()
    }
    next.renderer.flush()
    current.current = next
    setEngine(next)
  }, [view, canvasRef, containerRef])

  useEffect(
    () => () => {
      current.current?.renderer.destroy()
      current.current = null
    },
    [],
  )

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    const size = () => {
      const box = container.getBoundingClientRect()
      const dpr = window.devicePixelRatio
      current.current?.renderer.resize(box.width, box.height, dpr)
      latest.current.onResize(box.width, box.height, dpr)
    }
    size()
    const observer = new ResizeObserver(size)
    observer.observe(container)
    window.addEventListener('resize', size)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', size)
    }
  }, [containerRef])

  const { palette, reducedMotion } = inputs
  useEffect(() => {
    if (!engine) return
    engine.renderer.setColors(
      palette,
      engine.venue.sections.map((s) => s.color),
    )
  }, [engine, palette])
  useEffect(() => {
    engine?.renderer.setReducedMotion(reducedMotion)
  }, [engine, reducedMotion])

  return engine
}

import type { SeatAvailability, SeatChange } from '@palco/domain/seating/availability'
import type { Layout } from '@palco/domain/seating/layout'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { PlaceStates } from '../../../lib/seat-map/model/place-states'
import type { SeatChangeSource } from '../../../lib/seat-map/model/seat-change-source'
import type { SeatPalette } from '../../../lib/seat-map/model/seat-colors'
import { type SeatMapZones, zoneOf } from '../../../lib/seat-map/model/seat-map-zone'
import { buildVenue, type Venue } from '../../../lib/seat-map/model/venue-model'
import type { Viewport } from '../../../lib/seat-map/model/viewport'
import { SeatMapRenderer } from '../../../lib/seat-map/render/renderer'

export interface SeatMapEngine {
  venue: Venue
  states: PlaceStates
  renderer: SeatMapRenderer
}

interface EngineInputs {
  layout: Layout
  availability: SeatAvailability
  mine: ReadonlySet<string>
  selected: ReadonlySet<string>
  zones: SeatMapZones
  palette: SeatPalette
  reducedMotion: boolean
  changes?: SeatChangeSource | undefined
  onSeatsTaken?: ((seatKeys: string[]) => void) | undefined
  /** After live changes, the selection or the fan's holds touched these sections (e.g. to refresh a card). */
  onChanged?: ((sections: ReadonlySet<number>) => void) | undefined
  onViewChange: (vp: Viewport, renderer: SeatMapRenderer) => void
}

/**
 * Owns the renderer's life: builds the model and renderer in an effect (never on the server), keeps it in
 * sync with props, sizes the canvas to its container and applies live changes straight to the typed
 * arrays, so React does not re-render for a seat that changes.
 */
export function useSeatMapEngine(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  containerRef: RefObject<HTMLElement | null>,
  inputs: EngineInputs,
) {
  const engineRef = useRef<SeatMapEngine | null>(null)
  const [engine, setEngine] = useState<SeatMapEngine | null>(null)
  const latest = useRef(inputs)
  latest.current = inputs
  const loadedAvailability = useRef<SeatAvailability | null>(null)

  const applyChanges = useCallback((change: SeatChange) => {
    const e = engineRef.current
    if (!e) return
    const result = e.states.apply(change)
    if (!result) return
    if (result.sections.size > 0) {
      e.renderer.invalidateSections(result.sections)
      latest.current.onChanged?.(result.sections)
    }
    if (result.taken.length > 0) latest.current.onSeatsTaken?.(result.taken)
  }, [])

  const { layout } = inputs
  useEffect(() => {
    const canvas = canvasRef.current
    const container = containerRef.current
    if (!canvas || !container) return
    const i = latest.current
    const venue = buildVenue(layout)
    const states = new PlaceStates(venue)
    states.load(i.availability)
    states.setMine(i.mine)
    states.setSelected(i.selected)
    loadedAvailability.current = i.availability
    const renderer = new SeatMapRenderer(canvas, venue, states, {
      palette: i.palette,
      zoneColors: zoneColorsOf(venue, i.zones),
      reducedMotion: i.reducedMotion,
      onViewChange: (vp) => latest.current.onViewChange(vp, renderer),
    })
    const size = () => {
      const r = container.getBoundingClientRect()
      renderer.resize(r.width, r.height, window.devicePixelRatio)
    }
    size()
    const observer = new ResizeObserver(size)
    observer.observe(container)
    // Moving the window to another screen changes the pixel ratio without resizing the element.
    window.addEventListener('resize', size)
    const next = { venue, states, renderer }
    engineRef.current = next
    setEngine(next)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', size)
      renderer.destroy()
      engineRef.current = null
      setEngine(null)
    }
  }, [layout, canvasRef, containerRef])

  const { availability, mine, selected, palette, reducedMotion, zones, changes } = inputs
  useEffect(() => {
    if (!engine || loadedAvailability.current === availability) return
    loadedAvailability.current = availability
    // Versions grow with every change, so a snapshot no newer than what the map shows (live changes
    // included) has nothing new, and an older one would move the map back in time.
    if (availability.version <= engine.states.version) return
    // The fan's hold and selection flags are kept per place, so they survive the reload.
    engine.states.load(availability)
    engine.renderer.invalidateAll()
  }, [engine, availability])

  useEffect(() => {
    if (!engine) return
    const changed = engine.states.setMine(mine)
    if (changed.size === 0) return
    engine.renderer.invalidateSections(changed)
    latest.current.onChanged?.(changed)
  }, [engine, mine])

  useEffect(() => {
    if (!engine) return
    const changed = engine.states.setSelected(selected)
    if (changed.size === 0) return
    engine.renderer.invalidateSections(changed)
    latest.current.onChanged?.(changed)
  }, [engine, selected])

  useEffect(() => {
    if (!engine) return
    engine.renderer.setColors(palette, zoneColorsOf(engine.venue, zones))
  }, [engine, palette, zones])

  useEffect(() => {
    engine?.renderer.setReducedMotion(reducedMotion)
  }, [engine, reducedMotion])

  useEffect(() => {
    if (!engine || !changes) return
    return changes.subscribe(applyChanges)
  }, [engine, changes, applyChanges])

  return { engine, applyChanges }
}

/** AVAILABLE colour per section: its zone's colour, else the section's own. */
export const zoneColorsOf = (venue: Venue, zones: SeatMapZones): string[] =>
  venue.sections.map((s) => zoneOf(venue, s.index, zones)?.color ?? s.color)

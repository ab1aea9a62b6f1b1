import { Box, Stack, useComputedColorScheme, VisuallyHidden } from '@mantine/core'
import { useIsomorphicEffect, useReducedMotion } from '@mantine/hooks'
import type { Locale } from '@palco/domain/locale/country'
import type { SeatAvailability, SeatChange } from '@palco/domain/seating/availability'
import { flattenSections, type Layout } from '@palco/domain/seating/layout'
import { type Ref, useCallback, useId, useImperativeHandle, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MapHint, MapLoading } from '../../../components/ui/map-overlays'
import { ZoomControls } from '../../../components/ui/zoom-controls'
import { type MapTarget, sameTarget } from '../../../lib/seat-map/model/map-target'
import type { SeatChangeSource } from '../../../lib/seat-map/model/seat-change-source'
import { paletteFor } from '../../../lib/seat-map/model/seat-colors'
import { type PlaceDetails, seatDetails, sectionDetails } from '../../../lib/seat-map/model/seat-details'
import { parseSeatKey } from '../../../lib/seat-map/model/seat-key'
import { type SeatMapZones, zoneOf } from '../../../lib/seat-map/model/seat-map-zone'
import { tapActionFor } from '../../../lib/seat-map/model/tap-action'
import type { Viewport } from '../../../lib/seat-map/model/viewport'
import type { SeatMapRenderer } from '../../../lib/seat-map/render/renderer'
import { useZoomActions } from '../../../lib/seat-map/render/use-zoom-actions'
import { useMapGestures } from '../hooks/use-map-gestures'
import { type SeatMapEngine, useSeatMapEngine } from '../hooks/use-seat-map-engine'
import { PlaceDetailsCard } from './place-details-card'
import classes from './seat-map.module.css'
import { SeatMapLegend } from './seat-map-legend'

/** Imperative controls, e.g. for the page's live feed and for the accessible list's "show on map". */
export interface SeatMapHandle {
  /** Applies one live-feed message to the drawing without a React render. */
  applyChanges(change: SeatChange): void
  zoomIn(): void
  zoomOut(): void
  fit(): void
  /** Zooms to a section and highlights it. */
  focusSection(sectionCode: string): void
}

export interface SeatMapProps {
  /** Keep its identity stable (e.g. loader data): a new object rebuilds the whole map. */
  layout: Layout
  /** A snapshot; one with a higher version than the map shows replaces its state. */
  availability: SeatAvailability
  /** Seat keys in the fan's own hold: drawn RESERVED. */
  mine: ReadonlySet<string>
  /** Seat keys the fan has picked and not yet held: drawn SELECTED. */
  selected: ReadonlySet<string>
  /** By section code; a nested section without its own entry uses its parent's. */
  zones: SeatMapZones
  locale: Locale
  onToggleSeat: (seatKey: string) => void
  /** An unnumbered section, parking, or any section of a Tribune_selection layout: the page asks how many. */
  onPickSection: (sectionCode: string) => void
  /** Most seats the fan may have selected at once; taps beyond it are refused with a message. */
  maxSelectable?: number
  /** Live-feed messages, applied as they come (alternatively call `applyChanges` on the handle). */
  changes?: SeatChangeSource
  /** Selected seats that someone else has just taken; the page should drop them from `selected`. */
  /**
   * Selected seats the live feed reports held. The page knows which of them its own hold just took, and
   * answers with the ones another person took: only those are announced (issue 13).
   */
  onSeatsTaken?: (seatKeys: string[]) => string[]
  /** Link to the accessible list alternative (e.g. "#seat-list"), offered to keyboard users first. */
  alternativeHref?: string
  /** CSS height of the map. */
  height?: number | string
  ref?: Ref<SeatMapHandle>
}

interface CardState {
  target: MapTarget
  details: PlaceDetails
  note?: string | undefined
}

function detailsOf(e: SeatMapEngine | null, target: MapTarget): PlaceDetails | null {
  if (!e) return null
  return target.kind === 'seat'
    ? seatDetails(e.venue, e.states, target.section, target.place)
    : sectionDetails(e.venue, e.states, target.section)
}

const PAN_STEP = 80

/**
 * The venue map (issue 5 part 6): sections, then seats once zoomed in, drawn on a canvas by a hand-tuned
 * Canvas 2D renderer (docs/decisions.md, "Seat map"). The server renders the frame and a loader; the
 * renderer starts in an effect. Seats are never DOM: hover and tap details share one floating card.
 */
export function SeatMap(props: SeatMapProps) {
  const { layout, zones, locale, alternativeHref, height = 'min(70vh, 640px)', ref } = props
  const { t } = useTranslation('seatmap')
  const palette = paletteFor(useComputedColorScheme('light'))
  const reducedMotion = useReducedMotion() ?? false
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const cardRef = useRef<HTMLDivElement>(null)
  const [card, setCard] = useState<CardState | null>(null)
  const [zoom, setZoom] = useState({ canIn: true, canOut: false, seatLevel: false })
  const [announcement, setAnnouncement] = useState('')
  const descriptionId = useId()

  const latest = useRef(props)
  latest.current = props
  const engineRef = useRef<SeatMapEngine | null>(null)

  const announce = useCallback((text: string) => {
    // The same sentence twice in a row would not be read again; a zero-width space makes it new.
    setAnnouncement((prev) => (prev === text ? `${text}\u200b` : text))
  }, [])

  const onSeatsTaken = useCallback(
    (keys: string[]) => {
      const lost = latest.current.onSeatsTaken ? latest.current.onSeatsTaken(keys) : keys
      if (lost.length === 0) return
      const seats = lost.map((k) => {
        const p = parseSeatKey(k)
        return p ? `${p.row}-${p.seat}` : k
      })
      announce(t('announce.taken', { count: lost.length, seats: seats.join(', ') }))
    },
    [announce, t],
  )

  const positionCard = useRef<() => void>(() => {})
  const onViewChange = useCallback((vp: Viewport, r: SeatMapRenderer) => {
    const { min, max } = r.limits
    const next = { canIn: vp.scale < max * 0.999, canOut: vp.scale > min * 1.001, seatLevel: r.seatLevel }
    setZoom((z) =>
      z.canIn === next.canIn && z.canOut === next.canOut && z.seatLevel === next.seatLevel ? z : next,
    )
    positionCard.current()
  }, [])

  const refreshCard = useCallback((sections: ReadonlySet<number>) => {
    setCard((c) => {
      if (!c || !sections.has(c.target.section)) return c
      const details = detailsOf(engineRef.current, c.target)
      return details ? { ...c, details } : null
    })
  }, [])

  const { engine, applyChanges } = useSeatMapEngine(canvasRef, containerRef, {
    layout,
    availability: props.availability,
    mine: props.mine,
    selected: props.selected,
    zones,
    palette,
    reducedMotion,
    changes: props.changes,
    onSeatsTaken,
    onViewChange,
    onChanged: refreshCard,
  })
  engineRef.current = engine

  const showCard = useCallback((target: MapTarget | null, note?: string) => {
    const details = target && detailsOf(engineRef.current, target)
    setCard(target && details ? { target, details, note } : null)
  }, [])

  // The card follows its seat while the map moves, by style rather than by re-rendering.
  positionCard.current = () => {
    const el = cardRef.current
    const r = engine?.renderer
    const container = containerRef.current
    if (!el || !r || !card || !container) return
    const a = r.anchorOf(card.target)
    const w = el.offsetWidth
    const h = el.offsetHeight
    const cw = container.clientWidth
    const gap = a.radius + 10
    const x = Math.min(Math.max(a.x - w / 2, 8), Math.max(8, cw - w - 8))
    const above = a.y - gap - h
    const y = above >= 8 ? above : a.y + gap
    el.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`
    // A card for something the map has moved off screen would point at nothing.
    const onScreen = a.x >= 0 && a.y >= 0 && a.x <= cw && a.y <= container.clientHeight
    el.style.visibility = onScreen ? 'visible' : 'hidden'
  }
  useIsomorphicEffect(() => positionCard.current())

  const handleTap = useCallback(
    (sx: number, sy: number, pointerType: string) => {
      const e = engineRef.current
      if (!e) return
      const p = latest.current
      const target = e.renderer.hitTest(sx, sy, pointerType)
      const action = tapActionFor(target, {
        venue: e.venue,
        states: e.states,
        selectedCount: p.selected.size,
        maxSelectable: p.maxSelectable,
      })
      let note: string | undefined
      const sectionName = target ? (e.venue.sections[target.section]?.name ?? '') : ''
      switch (action.kind) {
        case 'toggle': {
          p.onToggleSeat(action.key)
          e.renderer.setFocusSection(action.section)
          const what =
            action.from === 'AVAILABLE' ? 'selected' : action.from === 'RESERVED' ? 'released' : 'deselected'
          announce(t(`announce.${what}`, { row: action.row, seat: action.seat, section: sectionName }))
          break
        }
        case 'limit':
          note = t('announce.maxReached', { count: action.max })
          announce(note)
          break
        case 'refuse': {
          const reason = [
            t(`states.${action.state}`),
            action.restriction && t(`restrictions.${action.restriction}`),
          ]
            .filter(Boolean)
            .join(', ')
          note = t('announce.notSelectable', { row: action.row, seat: action.seat, reason })
          announce(note)
          break
        }
        case 'zoom':
          e.renderer.fitSection(action.section)
          e.renderer.setFocusSection(action.section)
          break
        case 'pick':
          e.renderer.setFocusSection(action.section)
          p.onPickSection(action.sectionCode)
          break
        case 'soldOut':
          note = t('announce.soldOut', { section: sectionName })
          announce(note)
          break
        case 'none':
          break
      }
      // A finger has no hover: the tap itself shows the details. A zoom moves the section away from the finger.
      if (action.kind === 'zoom') showCard(null)
      else if (pointerType !== 'mouse' || note) showCard(target, note)
    },
    [announce, showCard, t],
  )

  const hoverTarget = useRef<MapTarget | null>(null)
  useMapGestures(canvasRef, engine, {
    hover: (target) => {
      if (sameTarget(target, hoverTarget.current)) return
      hoverTarget.current = target
      showCard(target)
      const canvas = canvasRef.current
      if (canvas) canvas.style.cursor = target ? 'pointer' : ''
    },
    tap: handleTap,
    moving: (active) => {
      if (active) {
        hoverTarget.current = null
        showCard(null)
      }
    },
  })

  const { zoomIn, zoomOut, fit } = useZoomActions(engineRef)

  useImperativeHandle(
    ref,
    () => ({
      applyChanges,
      zoomIn,
      zoomOut,
      fit,
      focusSection(code: string) {
        const e = engineRef.current
        const i = e?.venue.byCode.get(code)
        if (!e || i === undefined) return
        e.renderer.fitSection(i)
        e.renderer.setFocusSection(i)
      },
    }),
    [applyChanges, zoomIn, zoomOut, fit],
  )

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.target !== e.currentTarget) return
    const r = engineRef.current?.renderer
    if (!r) return
    const step: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    }
    const pan = step[e.key]
    if (pan) r.panBy(pan[0], pan[1])
    else if (e.key === '+' || e.key === '=') zoomIn()
    else if (e.key === '-') zoomOut()
    else if (e.key === '0') fit()
    else return
    e.preventDefault()
  }

  const legendColors = useMemo(() => {
    const colors = flattenSections(layout.sections)
      .filter((s) => s.zoneType !== 'PARKING')
      .map((s) => zones[s.code]?.color ?? s.color)
    return [...new Set(colors)]
  }, [layout, zones])

  const cardZone = card && engine ? zoneOf(engine.venue, card.target.section, zones) : undefined
  const tribune = layout.kind === 'Tribune_selection'

  return (
    <Stack gap="xs">
      <Box
        ref={containerRef}
        className={classes.map}
        style={{ height }}
        role="region"
        aria-label={t('map.label')}
        aria-describedby={descriptionId}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <canvas ref={canvasRef} className={classes.canvas} />
        <VisuallyHidden id={descriptionId}>{t('map.description')}</VisuallyHidden>
        {alternativeHref && (
          <a href={alternativeHref} className={classes.skip}>
            {t('map.useList')}
          </a>
        )}
        {!engine && <MapLoading label={t('map.loading')} />}
        {engine && !zoom.seatLevel && (
          <MapHint>{t(tribune ? 'map.tribuneHint' : 'map.overviewHint')}</MapHint>
        )}
        <ZoomControls
          onZoomIn={zoomIn}
          onZoomOut={zoomOut}
          onFit={fit}
          canZoomIn={Boolean(engine) && zoom.canIn}
          canZoomOut={Boolean(engine) && zoom.canOut}
          labels={{
            group: t('zoom.group'),
            zoomIn: t('zoom.in'),
            zoomOut: t('zoom.out'),
            fit: t('zoom.fit'),
          }}
        />
        {card && (
          <div ref={cardRef} className={classes.card} role="tooltip">
            <PlaceDetailsCard
              details={card.details}
              zone={cardZone}
              locale={locale}
              palette={palette}
              note={card.note}
              pickWhole={tribune}
            />
          </div>
        )}
      </Box>
      <SeatMapLegend palette={palette} zoneColors={legendColors} />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  )
}

export default SeatMap

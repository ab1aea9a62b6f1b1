import { useComputedColorScheme, VisuallyHidden } from '@mantine/core'
import { useReducedMotion } from '@mantine/hooks'
import type { Layout } from '@palco/domain/seating/layout'
import {
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { MapHint, MapLoading } from '../../../components/ui/map-overlays'
import { ZoomControls } from '../../../components/ui/zoom-controls'
import { paletteFor } from '../../../lib/seat-map/model/seat-colors'
import { sectionAt } from '../../../lib/seat-map/model/section-hit'
import { type Bounds, fitBounds, screenToWorld } from '../../../lib/seat-map/model/viewport'
import { wheelZoomFactor } from '../../../lib/seat-map/render/gestures'
import { useZoomActions } from '../../../lib/seat-map/render/use-zoom-actions'
import { type EditorEngine, useEditorEngine } from '../hooks/use-editor-engine'
import { editorViewOf, shapeAt, stageAt } from '../model/editor-view'
import {
  type EditorSelection,
  type EditorTarget,
  EMPTY_SELECTION,
  hasTarget,
  normaliseBox,
  type Region,
  selectionOf,
  selectRegion,
  toggleTarget,
  unionSelection,
} from '../model/selection'
import type { EditorTool } from '../model/shortcuts'
import classes from './layout-editor.module.css'
import { type Band, OVERLAY_COLORS, paintOverlay } from './overlay-paint'

export interface EditorCanvasHandle {
  zoomIn(): void
  zoomOut(): void
  fit(): void
  panBy(dx: number, dy: number): void
  /** Zooms to a world box; with `seats`, at least far enough in for seats to be drawn. */
  focusBounds(bounds: Bounds, seats?: boolean): void
  /** The world point at the middle of the canvas: where new things are placed. */
  visibleCentre(): { x: number; y: number }
  /** Closes the polygon being drawn (three points or more); false when there was none. */
  finishPolygon(): boolean
  /** Drops a rubber band, drag or polygon in progress; false when nothing was going on. */
  cancel(): boolean
}

export interface EditorCanvasProps {
  doc: Layout
  selection: EditorSelection
  tool: EditorTool
  readOnly: boolean
  backgroundSrc: string | null
  onSelect: (selection: EditorSelection) => void
  onMove: (selection: EditorSelection, dx: number, dy: number) => void
  onPolygon: (points: number[]) => void
  ref?: Ref<EditorCanvasHandle>
}

interface Interaction {
  mode: 'none' | 'pending' | 'drag' | 'box' | 'lasso' | 'pan'
  start: { sx: number; sy: number; wx: number; wy: number }
  last: { sx: number; sy: number }
  additive: boolean
  moving: EditorSelection
  /** What the press landed on, to narrow a multiple selection to it when the press ends without a drag. */
  pressed: EditorTarget | null
  drag: { dx: number; dy: number } | null
  band: Band | null
  polygon: number[]
  cursor: [number, number] | null
  hover: EditorTarget | null
}

const SLOP_PX = { mouse: 4, touch: 8 }
/** A lasso point every few pixels is smooth enough and keeps the polygon small. */
const LASSO_STEP_PX = 4
/** A click this close to the first point of a polygon closes it. */
const CLOSE_PX = 8

const freshInteraction = (polygon: number[] = []): Interaction => ({
  mode: 'none',
  start: { sx: 0, sy: 0, wx: 0, wy: 0 },
  last: { sx: 0, sy: 0 },
  additive: false,
  moving: EMPTY_SELECTION,
  pressed: null,
  drag: null,
  band: null,
  polygon,
  cursor: null,
  hover: null,
})

/**
 * The drawing area: the fans' renderer below, the editor's overlay canvas above taking every pointer
 * event. Click selects (Shift adds), dragging on empty canvas draws a box, Alt-drag a lasso, dragging the
 * selection moves it (previewed on the overlay, one change on drop); the wheel zooms, the pan tool,
 * Space-drag, a middle button or two fingers pan. Nothing here re-renders React while the pointer moves.
 */
export function EditorCanvas(props: EditorCanvasProps) {
  const { t } = useTranslation('layouteditor')
  const scheme = useComputedColorScheme('light')
  const palette = paletteFor(scheme)
  const reducedMotion = useReducedMotion() ?? false
  const containerRef = useRef<HTMLElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const overlayRef = useRef<HTMLCanvasElement>(null)
  const size = useRef({ width: 0, height: 0, dpr: 1 })
  const ix = useRef<Interaction>(freshInteraction())
  const engineRef = useRef<EditorEngine | null>(null)
  const latest = useRef(props)
  latest.current = props
  const colors = OVERLAY_COLORS[scheme]
  const colorsRef = useRef(colors)
  colorsRef.current = colors
  const raf = useRef(0)
  const spaceHeld = useRef(false)
  const [zoom, setZoom] = useState({ canIn: true, canOut: true })
  const [hint, setHint] = useState<'polygon' | null>(null)
  const descriptionId = useId()

  const { doc, backgroundSrc } = props
  const editorView = useMemo(() => editorViewOf(doc, palette, backgroundSrc), [doc, palette, backgroundSrc])

  const paintNow = useCallback((engine: EditorEngine | null = engineRef.current) => {
    const overlay = overlayRef.current
    const ctx = overlay?.getContext('2d')
    if (!engine || !ctx) return
    const i = ix.current
    const { width, height, dpr } = size.current
    paintOverlay(ctx, {
      venue: engine.venue,
      doc: latest.current.doc,
      selection: i.mode === 'drag' ? i.moving : latest.current.selection,
      vp: engine.renderer.viewport,
      width,
      height,
      dpr,
      seatLevel: engine.renderer.seatLevel,
      drag: i.drag,
      band: i.band,
      polygon: i.polygon.length ? { points: i.polygon, cursor: i.cursor } : null,
      hover: i.hover,
      colors: colorsRef.current,
    })
  }, [])

  const requestPaint = useCallback(() => {
    if (raf.current) return
    raf.current = requestAnimationFrame(() => {
      raf.current = 0
      paintNow()
    })
  }, [paintNow])

  useEffect(() => () => cancelAnimationFrame(raf.current), [])

  const engine = useEditorEngine({
    canvasRef,
    containerRef,
    view: editorView,
    palette,
    reducedMotion,
    onView: (e) => {
      engineRef.current = e
      paintNow(e)
      const { min, max } = e.renderer.limits
      const scale = e.renderer.viewport.scale
      const next = { canIn: scale < max * 0.999, canOut: scale > min * 1.001 }
      setZoom((z) => (z.canIn === next.canIn && z.canOut === next.canOut ? z : next))
    },
    onResize: (width, height, dpr) => {
      size.current = { width, height, dpr }
      const overlay = overlayRef.current
      if (overlay) {
        overlay.width = Math.max(1, Math.round(width * Math.min(dpr, 2)))
        overlay.height = Math.max(1, Math.round(height * Math.min(dpr, 2)))
        size.current.dpr = Math.min(dpr, 2)
      }
      requestPaint()
    },
  })
  engineRef.current = engine

  const { selection } = props
  useEffect(() => {
    if (selection && doc) requestPaint()
  }, [selection, doc, requestPaint])

  // The polygon being drawn belongs to the polygon tool: switching tools drops it.
  useEffect(() => {
    if (props.tool !== 'polygon' && ix.current.polygon.length) {
      ix.current.polygon = []
      ix.current.cursor = null
      requestPaint()
    }
    setHint(props.tool === 'polygon' ? 'polygon' : null)
  }, [props.tool, requestPaint])

  const hitTest = useCallback((wx: number, wy: number, pointerType: string): EditorTarget | null => {
    const e = engineRef.current
    if (!e) return null
    const current = latest.current.doc
    const r = e.renderer
    if (r.seatLevel) {
      const tolerance = (pointerType === 'touch' ? 8 : 2) / r.viewport.scale
      const seat = r.grid.hit(wx, wy, tolerance)
      const section = seat && e.venue.sections[seat.section]
      if (seat && section) return { kind: 'seat', code: section.code, place: seat.place }
    }
    const shape = shapeAt(current, wx, wy)
    // Texts sit on top of sections (a stand's name on the stand); other shapes lie under them.
    if (shape?.type === 'text') return { kind: 'shape', id: shape.id }
    const section = sectionAt(e.order, wx, wy)
    if (section) return { kind: 'section', code: section.code }
    if (shape) return { kind: 'shape', id: shape.id }
    return stageAt(current, wx, wy) ? { kind: 'stage' } : null
  }, [])

  const finishPolygon = useCallback((): boolean => {
    const points = ix.current.polygon
    if (points.length < 6) return false
    ix.current.polygon = []
    ix.current.cursor = null
    requestPaint()
    latest.current.onPolygon(points)
    return true
  }, [requestPaint])

  // Pointer input on the overlay, attached once; everything reads the latest props and engine from refs.
  useEffect(() => {
    const el = overlayRef.current
    if (!el) return
    const pointers = new Map<number, { x: number; y: number }>()
    let pinch: { d: number; mx: number; my: number } | null = null

    const local = (e: { clientX: number; clientY: number }) => {
      const r = el.getBoundingClientRect()
      return { x: e.clientX - r.left, y: e.clientY - r.top }
    }
    const world = (x: number, y: number): [number, number] => {
      const e = engineRef.current
      return e ? screenToWorld(e.renderer.viewport, x, y) : [x, y]
    }
    const pinchOf = () => {
      const [a, b] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }]
      return { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 }
    }
    const setCursor = (target: EditorTarget | null) => {
      const p = latest.current
      el.style.cursor =
        p.tool === 'pan' || spaceHeld.current
          ? 'grab'
          : p.tool === 'polygon'
            ? 'crosshair'
            : target && !p.readOnly && hasTarget(p.selection, target)
              ? 'move'
              : target
                ? 'pointer'
                : 'default'
    }

    const onDown = (e: PointerEvent) => {
      const p = local(e)
      containerRef.current?.focus({ preventScroll: true })
      pointers.set(e.pointerId, p)
      el.setPointerCapture?.(e.pointerId)
      const i = ix.current
      if (pointers.size === 2) {
        // A second finger turns whatever started into a pinch.
        i.mode = 'none'
        i.drag = null
        i.band = null
        pinch = pinchOf()
        requestPaint()
        return
      }
      if (pointers.size > 2) return
      const [wx, wy] = world(p.x, p.y)
      i.start = { sx: p.x, sy: p.y, wx, wy }
      i.last = { sx: p.x, sy: p.y }
      const props = latest.current
      if (e.button === 1 || props.tool === 'pan' || spaceHeld.current) {
        i.mode = 'pan'
        return
      }
      if (e.button !== 0) return
      if (props.tool === 'polygon') {
        if (props.readOnly) return
        const poly = i.polygon
        const scale = engineRef.current?.renderer.viewport.scale ?? 1
        if (
          poly.length >= 6 &&
          Math.hypot(wx - (poly[0] as number), wy - (poly[1] as number)) * scale < CLOSE_PX
        ) {
          finishPolygon()
          return
        }
        const lx = poly[poly.length - 2]
        const ly = poly[poly.length - 1]
        if (lx === undefined || ly === undefined || Math.hypot(wx - lx, wy - ly) * scale > 2)
          poly.push(wx, wy)
        requestPaint()
        return
      }
      if (e.altKey) {
        i.mode = 'lasso'
        i.additive = e.shiftKey
        i.band = { kind: 'lasso', points: [wx, wy] }
        return
      }
      const target = hitTest(wx, wy, e.pointerType)
      if (!target) {
        // On a phone a finger on empty canvas pans; the box is for mouse and pen.
        i.mode = e.pointerType === 'touch' ? 'pan' : 'box'
        i.additive = e.shiftKey
        return
      }
      if (e.shiftKey) {
        // Shift: a click toggles what is under the pointer, a drag adds a box, even starting on seats
        // (at seat level a stadium has hardly any empty canvas to start a box from).
        i.mode = e.pointerType === 'touch' ? 'none' : 'box'
        i.additive = true
        i.pressed = target
        if (i.mode === 'none') props.onSelect(toggleTarget(props.selection, target))
        return
      }
      const moving = hasTarget(props.selection, target) ? props.selection : selectionOf(target)
      if (moving !== props.selection) props.onSelect(moving)
      i.moving = moving
      i.pressed = moving === props.selection ? target : null
      i.mode = 'pending'
    }

    const onMove = (e: PointerEvent) => {
      const p = local(e)
      const i = ix.current
      const engine = engineRef.current
      if (!pointers.has(e.pointerId)) {
        if (e.pointerType !== 'mouse' || !engine) return
        const [wx, wy] = world(p.x, p.y)
        if (latest.current.tool === 'polygon') {
          if (i.polygon.length) {
            i.cursor = [wx, wy]
            requestPaint()
          }
        } else {
          const target = hitTest(wx, wy, 'mouse')
          const before = i.hover
          i.hover = target
          if (JSON.stringify(before) !== JSON.stringify(target)) requestPaint()
          setCursor(target)
        }
        return
      }
      pointers.set(e.pointerId, p)
      if (!engine) return
      if (pointers.size >= 2 && pinch) {
        const next = pinchOf()
        if (pinch.d > 0 && next.d > 0) engine.renderer.zoomAt(next.d / pinch.d, next.mx, next.my)
        engine.renderer.panBy(next.mx - pinch.mx, next.my - pinch.my)
        pinch = next
        return
      }
      const slop = e.pointerType === 'touch' ? SLOP_PX.touch : SLOP_PX.mouse
      const far = Math.hypot(p.x - i.start.sx, p.y - i.start.sy) > slop
      const [wx, wy] = world(p.x, p.y)
      switch (i.mode) {
        case 'pan':
          engine.renderer.panBy(p.x - i.last.sx, p.y - i.last.sy)
          break
        case 'pending':
          if (far && !latest.current.readOnly) {
            i.mode = 'drag'
            i.drag = { dx: wx - i.start.wx, dy: wy - i.start.wy }
            requestPaint()
          }
          break
        case 'drag':
          i.drag = { dx: wx - i.start.wx, dy: wy - i.start.wy }
          requestPaint()
          break
        case 'box':
          if (far || i.band) {
            i.band = { kind: 'box', x0: i.start.wx, y0: i.start.wy, x1: wx, y1: wy }
            requestPaint()
          }
          break
        case 'lasso':
          if (i.band?.kind === 'lasso' && Math.hypot(p.x - i.last.sx, p.y - i.last.sy) >= LASSO_STEP_PX) {
            i.band.points.push(wx, wy)
            requestPaint()
          } else return
          break
        default:
          return
      }
      i.last = { sx: p.x, sy: p.y }
    }

    const regionSelect = (region: Region, additive: boolean) => {
      const engine = engineRef.current
      const props = latest.current
      if (!engine) return
      const picked = selectRegion(engine.venue, props.doc, region)
      props.onSelect(additive ? unionSelection(props.selection, picked) : picked)
    }

    const end = (e: PointerEvent, cancelled: boolean) => {
      if (!pointers.delete(e.pointerId)) return
      const i = ix.current
      if (pointers.size > 0) {
        if (pointers.size === 1 && pinch) {
          // Lifting one finger of a pinch carries on as a pan with the other.
          pinch = null
          const [rest] = [...pointers.values()] as [{ x: number; y: number }]
          i.mode = 'pan'
          i.last = { sx: rest.x, sy: rest.y }
        }
        return
      }
      pinch = null
      const props = latest.current
      if (!cancelled) {
        if (i.mode === 'drag' && i.drag && (i.drag.dx !== 0 || i.drag.dy !== 0)) {
          props.onMove(i.moving, i.drag.dx, i.drag.dy)
        } else if (i.mode === 'pending' && i.pressed) {
          props.onSelect(selectionOf(i.pressed))
        } else if (i.mode === 'box') {
          const b = i.band
          if (b?.kind === 'box')
            regionSelect({ kind: 'box', bounds: normaliseBox(b.x0, b.y0, b.x1, b.y1) }, i.additive)
          else if (i.additive && i.pressed) props.onSelect(toggleTarget(props.selection, i.pressed))
          else if (!i.additive) props.onSelect(EMPTY_SELECTION)
        } else if (i.mode === 'lasso' && i.band?.kind === 'lasso' && i.band.points.length >= 6) {
          regionSelect({ kind: 'lasso', points: i.band.points }, i.additive)
        }
      }
      Object.assign(i, { mode: 'none', drag: null, band: null, pressed: null })
      requestPaint()
    }
    const onUp = (e: PointerEvent) => end(e, false)
    const onCancel = (e: PointerEvent) => end(e, true)

    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      const p = local(e)
      engineRef.current?.renderer.zoomAt(wheelZoomFactor(e.deltaY, e.deltaMode), p.x, p.y)
    }
    const onDoubleClick = () => {
      if (latest.current.tool === 'polygon') finishPolygon()
    }
    const onLeave = () => {
      if (ix.current.hover) {
        ix.current.hover = null
        requestPaint()
      }
    }

    el.addEventListener('pointerdown', onDown)
    el.addEventListener('pointermove', onMove)
    el.addEventListener('pointerup', onUp)
    el.addEventListener('pointercancel', onCancel)
    el.addEventListener('pointerleave', onLeave)
    el.addEventListener('wheel', onWheel, { passive: false })
    el.addEventListener('dblclick', onDoubleClick)
    return () => {
      el.removeEventListener('pointerdown', onDown)
      el.removeEventListener('pointermove', onMove)
      el.removeEventListener('pointerup', onUp)
      el.removeEventListener('pointercancel', onCancel)
      el.removeEventListener('pointerleave', onLeave)
      el.removeEventListener('wheel', onWheel)
      el.removeEventListener('dblclick', onDoubleClick)
    }
  }, [hitTest, requestPaint, finishPolygon])

  const { zoomIn, zoomOut, fit } = useZoomActions(engineRef)

  useImperativeHandle(
    props.ref,
    () => ({
      zoomIn,
      zoomOut,
      fit,
      panBy: (dx, dy) => engineRef.current?.renderer.panBy(dx, dy),
      focusBounds(b, seats = false) {
        const e = engineRef.current
        if (!e) return
        const { width, height } = size.current
        // Some surroundings stay in view; a seat is shown at a zoom where seats are drawn, not filling the screen.
        const mx = Math.max((b.maxX - b.minX) * 0.3, 1)
        const my = Math.max((b.maxY - b.minY) * 0.3, 1)
        const box = { minX: b.minX - mx, minY: b.minY - my, maxX: b.maxX + mx, maxY: b.maxY + my }
        let vp = fitBounds(box, width, height, 16)
        const seatScale = e.renderer.seatLevelScale
        const scale = Math.min(Math.max(vp.scale, seats ? seatScale * 1.5 : 0), seatScale * 4)
        if (scale !== vp.scale) {
          const cx = (b.minX + b.maxX) / 2
          const cy = (b.minY + b.maxY) / 2
          vp = { scale, x: width / 2 - cx * scale, y: height / 2 - cy * scale }
        }
        e.renderer.setViewport(vp, true)
      },
      visibleCentre() {
        const e = engineRef.current
        const { width, height } = size.current
        if (!e || width === 0) return { x: doc.canvas.width / 2, y: doc.canvas.height / 2 }
        const [x, y] = screenToWorld(e.renderer.viewport, width / 2, height / 2)
        return { x: Math.round(x), y: Math.round(y) }
      },
      finishPolygon,
      cancel() {
        const i = ix.current
        const busy = i.polygon.length > 0 || i.band !== null || i.drag !== null
        ix.current = freshInteraction()
        requestPaint()
        return busy
      },
    }),
    [zoomIn, zoomOut, fit, finishPolygon, requestPaint, doc.canvas.width, doc.canvas.height],
  )

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === ' ' && e.target === e.currentTarget) {
      spaceHeld.current = true
      if (overlayRef.current) overlayRef.current.style.cursor = 'grab'
      e.preventDefault()
    }
  }
  const onKeyUp = (e: React.KeyboardEvent) => {
    if (e.key === ' ') spaceHeld.current = false
  }

  return (
    <section
      ref={containerRef}
      className={classes.canvasBox}
      aria-label={t('canvas.label')}
      aria-describedby={descriptionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing area takes the editor's keyboard shortcuts
      tabIndex={0}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      data-testid="layout-editor-canvas"
    >
      <canvas ref={canvasRef} className={classes.layer} />
      <canvas ref={overlayRef} className={`${classes.layer} ${classes.overlay}`} />
      <VisuallyHidden id={descriptionId}>{t('canvas.description')}</VisuallyHidden>
      {!engine && <MapLoading label={t('canvas.loading')} />}
      {hint && <MapHint>{t('canvas.polygon_hint')}</MapHint>}
      <ZoomControls
        onZoomIn={zoomIn}
        onZoomOut={zoomOut}
        onFit={fit}
        canZoomIn={Boolean(engine) && zoom.canIn}
        canZoomOut={Boolean(engine) && zoom.canOut}
        canFit={Boolean(engine)}
        labels={{
          group: t('canvas.zoom'),
          zoomIn: t('canvas.zoom_in'),
          zoomOut: t('canvas.zoom_out'),
          fit: t('canvas.fit'),
        }}
      />
    </section>
  )
}

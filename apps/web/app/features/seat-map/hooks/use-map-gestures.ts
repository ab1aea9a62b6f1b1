import { type RefObject, useEffect, useRef } from 'react'
import type { MapTarget } from '../../../lib/seat-map/model/map-target'
import { attachGestures } from '../../../lib/seat-map/render/gestures'
import type { SeatMapEngine } from './use-seat-map-engine'

export interface MapGestureCallbacks {
  /** The mouse moved onto another seat or section (or off everything). */
  hover(target: MapTarget | null): void
  tap(sx: number, sy: number, pointerType: string): void
  moving(active: boolean): void
}

/** Wires pointer, wheel and pinch input to the renderer; pan and zoom never go through React. */
export function useMapGestures(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  engine: SeatMapEngine | null,
  callbacks: MapGestureCallbacks,
) {
  const latest = useRef(callbacks)
  latest.current = callbacks
  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas || !engine) return
    const { renderer } = engine
    return attachGestures(canvas, {
      pan: (dx, dy) => renderer.panBy(dx, dy),
      zoom: (factor, sx, sy) => renderer.zoomAt(factor, sx, sy),
      tap: (sx, sy, type) => latest.current.tap(sx, sy, type),
      hover: (sx, sy) => {
        const target = renderer.hitTest(sx, sy, 'mouse')
        renderer.setHover(target)
        latest.current.hover(target)
      },
      leave: () => {
        renderer.setHover(null)
        latest.current.hover(null)
      },
      moving: (active) => {
        if (active) renderer.setHover(null)
        latest.current.moving(active)
      },
    })
  }, [canvasRef, engine])
}

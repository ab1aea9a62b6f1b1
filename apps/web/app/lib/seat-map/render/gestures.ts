/**
 * Pointer, wheel and pinch input on the map canvas, turned into pan/zoom/tap/hover intents. Pointer events
 * cover mouse, pen and touch alike; the canvas has `touch-action: none` so the browser leaves them to us.
 */
export interface GestureHandlers {
  pan(dx: number, dy: number): void
  zoom(factor: number, sx: number, sy: number): void
  tap(sx: number, sy: number, pointerType: string): void
  hover(sx: number, sy: number): void
  leave(): void
  /** A drag or pinch started or ended, e.g. to hide the details card while the map moves. */
  moving(active: boolean): void
}

/** Movement under this many CSS pixels is still a tap, not a drag (fingers wobble). */
const TAP_SLOP = 6
const TAP_MAX_MS = 600
/** Wheel notches are ~100 px; this makes one notch a 1.2× zoom, trackpads proportionally smoother. */
const WHEEL_ZOOM_PER_PX = Math.log(1.2) / 100

export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY
  return Math.exp(-px * WHEEL_ZOOM_PER_PX)
}

export function attachGestures(el: HTMLElement, h: GestureHandlers): () => void {
  const pointers = new Map<number, { x: number; y: number }>()
  let down: { x: number; y: number; t: number; id: number; type: string } | null = null
  let moved = false
  let pinchDistance = 0
  let pinchMid = { x: 0, y: 0 }

  const local = (e: { clientX: number; clientY: number }) => {
    const r = el.getBoundingClientRect()
    return { x: e.clientX - r.left, y: e.clientY - r.top }
  }
  const pinchState = () => {
    const [a, b] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }]
    return { d: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } }
  }

  const onDown = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return
    const p = local(e)
    pointers.set(e.pointerId, p)
    el.setPointerCapture?.(e.pointerId)
    if (pointers.size === 1) {
      down = { ...p, t: e.timeStamp, id: e.pointerId, type: e.pointerType }
      moved = false
    } else if (pointers.size === 2) {
      // A second finger turns the gesture into a pinch; the first finger's tap is cancelled.
      down = null
      const s = pinchState()
      pinchDistance = s.d
      pinchMid = s.mid
      h.moving(true)
    }
  }

  const onMove = (e: PointerEvent) => {
    const p = local(e)
    const prev = pointers.get(e.pointerId)
    if (!prev) {
      if (e.pointerType === 'mouse') h.hover(p.x, p.y)
      return
    }
    pointers.set(e.pointerId, p)
    if (pointers.size >= 2) {
      const s = pinchState()
      if (pinchDistance > 0 && s.d > 0) h.zoom(s.d / pinchDistance, s.mid.x, s.mid.y)
      h.pan(s.mid.x - pinchMid.x, s.mid.y - pinchMid.y)
      pinchDistance = s.d
      pinchMid = s.mid
      return
    }
    if (down && !moved && Math.hypot(p.x - down.x, p.y - down.y) > TAP_SLOP) {
      moved = true
      h.moving(true)
      // Catch up with the slop so the map does not jump when the drag is recognised.
      h.pan(p.x - down.x, p.y - down.y)
      return
    }
    if (moved) h.pan(p.x - prev.x, p.y - prev.y)
    else if (e.pointerType === 'mouse') h.hover(p.x, p.y)
  }

  const onUp = (e: PointerEvent) => {
    const had = pointers.delete(e.pointerId)
    if (!had) return
    if (down && down.id === e.pointerId && !moved && e.timeStamp - down.t < TAP_MAX_MS) {
      const p = local(e)
      h.tap(p.x, p.y, down.type)
    }
    if (pointers.size === 0) {
      if (moved || pinchDistance > 0) h.moving(false)
      down = null
      moved = false
      pinchDistance = 0
    } else if (pointers.size === 1) {
      // Lifting one finger of a pinch continues as a drag with the other, without a jump.
      const [id, p] = [...pointers.entries()][0] as [number, { x: number; y: number }]
      down = { ...p, t: 0, id, type: 'touch' }
      moved = true
      pinchDistance = 0
    }
  }

  const onCancel = (e: PointerEvent) => {
    pointers.delete(e.pointerId)
    if (pointers.size === 0) {
      if (moved || pinchDistance > 0) h.moving(false)
      down = null
      moved = false
      pinchDistance = 0
    }
  }

  const onWheel = (e: WheelEvent) => {
    e.preventDefault()
    const p = local(e)
    h.zoom(wheelZoomFactor(e.deltaY, e.deltaMode), p.x, p.y)
  }

  const onLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && pointers.size === 0) h.leave()
  }

  el.addEventListener('pointerdown', onDown)
  el.addEventListener('pointermove', onMove)
  el.addEventListener('pointerup', onUp)
  el.addEventListener('pointercancel', onCancel)
  el.addEventListener('pointerleave', onLeave)
  el.addEventListener('wheel', onWheel, { passive: false })
  return () => {
    el.removeEventListener('pointerdown', onDown)
    el.removeEventListener('pointermove', onMove)
    el.removeEventListener('pointerup', onUp)
    el.removeEventListener('pointercancel', onCancel)
    el.removeEventListener('pointerleave', onLeave)
    el.removeEventListener('wheel', onWheel)
  }
}

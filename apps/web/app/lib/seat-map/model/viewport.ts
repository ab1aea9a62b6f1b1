/**
 * Pure viewport math. A viewport maps layout (world) coordinates to CSS pixels of the canvas:
 * `screen = world * scale + offset`. Device pixels are applied by the renderer on top, so everything the
 * pointer and the tests deal with is in CSS pixels.
 */
export interface Viewport {
  scale: number
  x: number
  y: number
}

import type { Bounds } from '@palco/domain/seating/plane-geometry'

export type { Bounds }

export interface ScaleLimits {
  min: number
  max: number
}

export const worldToScreen = (vp: Viewport, wx: number, wy: number): [number, number] => [
  wx * vp.scale + vp.x,
  wy * vp.scale + vp.y,
]

export const screenToWorld = (vp: Viewport, sx: number, sy: number): [number, number] => [
  (sx - vp.x) / vp.scale,
  (sy - vp.y) / vp.scale,
]

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/** The viewport that shows `bounds` whole and centred in a `width`×`height` box with `padding` around. */
export function fitBounds(bounds: Bounds, width: number, height: number, padding = 16): Viewport {
  const bw = Math.max(bounds.maxX - bounds.minX, 1e-6)
  const bh = Math.max(bounds.maxY - bounds.minY, 1e-6)
  const availW = Math.max(width - 2 * padding, 1)
  const availH = Math.max(height - 2 * padding, 1)
  const scale = Math.min(availW / bw, availH / bh)
  return {
    scale,
    x: (width - bw * scale) / 2 - bounds.minX * scale,
    y: (height - bh * scale) / 2 - bounds.minY * scale,
  }
}

/**
 * Zooms by `factor` keeping the world point under the screen point (sx, sy) where it is, which is what
 * wheel and pinch zoom feel like. The scale is clamped, and the anchor still holds at the clamp.
 */
export function zoomAt(vp: Viewport, factor: number, sx: number, sy: number, limits?: ScaleLimits): Viewport {
  const target = vp.scale * factor
  const scale = limits ? clamp(target, limits.min, limits.max) : target
  const [wx, wy] = screenToWorld(vp, sx, sy)
  return { scale, x: sx - wx * scale, y: sy - wy * scale }
}

export const panBy = (vp: Viewport, dx: number, dy: number): Viewport => ({
  scale: vp.scale,
  x: vp.x + dx,
  y: vp.y + dy,
})

/** The world rectangle a `width`×`height` canvas shows, for culling. */
export function visibleWorld(vp: Viewport, width: number, height: number): Bounds {
  const [minX, minY] = screenToWorld(vp, 0, 0)
  const [maxX, maxY] = screenToWorld(vp, width, height)
  return { minX, minY, maxX, maxY }
}

export const intersects = (a: Bounds, b: Bounds): boolean =>
  a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY

/**
 * Keeps at least `keep` CSS pixels of the content on screen, so a fling cannot lose the venue off the
 * canvas; panning is otherwise free.
 */
export function clampToContent(
  vp: Viewport,
  content: Bounds,
  width: number,
  height: number,
  keep = 80,
): Viewport {
  const left = content.minX * vp.scale + vp.x
  const right = content.maxX * vp.scale + vp.x
  const top = content.minY * vp.scale + vp.y
  const bottom = content.maxY * vp.scale + vp.y
  let { x, y } = vp
  const k = Math.min(keep, (right - left) / 2, (bottom - top) / 2)
  if (right < k) x += k - right
  if (left > width - k) x -= left - (width - k)
  if (bottom < k) y += k - bottom
  if (top > height - k) y -= top - (height - k)
  return { scale: vp.scale, x, y }
}

/** Linear interpolation between two viewports, in log-scale so zoom animations feel even. */
export function lerpViewport(a: Viewport, b: Viewport, t: number): Viewport {
  if (t >= 1) return b
  const scale = Math.exp(Math.log(a.scale) + (Math.log(b.scale) - Math.log(a.scale)) * t)
  // Interpolate the world point at the centre-of-screen rather than raw offsets, so the view does not swing.
  const ax = a.x / a.scale
  const bx = b.x / b.scale
  const ay = a.y / a.scale
  const by = b.y / b.scale
  return { scale, x: (ax + (bx - ax) * t) * scale, y: (ay + (by - ay) * t) * scale }
}

import { describe, expect, it } from 'vitest'
import {
  clampToContent,
  fitBounds,
  lerpViewport,
  panBy,
  screenToWorld,
  type Viewport,
  visibleWorld,
  worldToScreen,
  zoomAt,
} from './viewport'

const vp: Viewport = { scale: 2, x: 30, y: -10 }

describe('viewport', () => {
  it('maps world to screen and back', () => {
    expect(worldToScreen(vp, 10, 20)).toEqual([50, 30])
    expect(screenToWorld(vp, 50, 30)).toEqual([10, 20])
  })

  it.each([
    [2, 100, 100],
    [0.5, 0, 0],
    [1.7, 640, 400],
  ])('zooming by %s keeps the world point under (%s, %s) in place', (factor, sx, sy) => {
    const before = screenToWorld(vp, sx, sy)
    const next = zoomAt(vp, factor, sx, sy)
    expect(next.scale).toBeCloseTo(vp.scale * factor)
    const after = screenToWorld(next, sx, sy)
    expect(after[0]).toBeCloseTo(before[0])
    expect(after[1]).toBeCloseTo(before[1])
  })

  it('clamps the zoom and still keeps the anchor', () => {
    const next = zoomAt(vp, 100, 200, 150, { min: 0.5, max: 8 })
    expect(next.scale).toBe(8)
    const [wx, wy] = screenToWorld(vp, 200, 150)
    expect(worldToScreen(next, wx, wy)).toEqual([200, 150])
    expect(zoomAt(vp, 0.001, 0, 0, { min: 0.5, max: 8 }).scale).toBe(0.5)
  })

  it('fits bounds whole and centred, limited by the tighter side', () => {
    const fit = fitBounds({ minX: 100, minY: 50, maxX: 300, maxY: 150 }, 400, 400, 0)
    expect(fit.scale).toBe(2)
    expect(worldToScreen(fit, 100, 50)).toEqual([0, 100])
    expect(worldToScreen(fit, 300, 150)).toEqual([400, 300])
  })

  it('leaves padding around a fit', () => {
    const fit = fitBounds({ minX: 0, minY: 0, maxX: 100, maxY: 100 }, 220, 220, 10)
    expect(fit.scale).toBe(2)
    expect(worldToScreen(fit, 0, 0)).toEqual([10, 10])
  })

  it('pans in screen pixels', () => {
    expect(panBy(vp, 5, -5)).toEqual({ scale: 2, x: 35, y: -15 })
  })

  it('reports the visible world rectangle', () => {
    expect(visibleWorld({ scale: 2, x: 0, y: 0 }, 200, 100)).toEqual({
      minX: 0,
      minY: 0,
      maxX: 100,
      maxY: 50,
    })
  })

  it('keeps some content on screen after a fling', () => {
    const content = { minX: 0, minY: 0, maxX: 100, maxY: 100 }
    const lost = clampToContent({ scale: 1, x: -1000, y: 2000 }, content, 400, 300, 40)
    expect(lost.x + 100).toBe(40)
    expect(lost.y).toBe(300 - 40)
    const fine = { scale: 1, x: 10, y: 10 }
    expect(clampToContent(fine, content, 400, 300)).toEqual(fine)
  })

  it('interpolates between viewports', () => {
    const a = { scale: 1, x: 0, y: 0 }
    const b = { scale: 4, x: -100, y: -200 }
    expect(lerpViewport(a, b, 0)).toEqual(a)
    expect(lerpViewport(a, b, 1)).toEqual(b)
    expect(lerpViewport(a, b, 0.5).scale).toBeCloseTo(2)
  })
})

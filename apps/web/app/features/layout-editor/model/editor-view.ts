import type { Layout, LayoutShape } from '@palco/domain/seating/layout'
import { boundsOfPoints, containsPoint, pointInPolygon } from '../../../lib/seat-map/model/geometry'
import type { SeatPalette } from '../../../lib/seat-map/model/seat-colors'
import { shapeBounds } from './transforms'

/**
 * What the editor hands the fans' renderer: the same document with a few editor-only things. Seats are
 * always drawn (a Tribune_selection map hides them from fans, but the editor places them), the canvas
 * area is an invisible shape so panning keeps it reachable, and the background image to trace over is
 * drawn first, under everything. The renderer paints the stage before shapes, so with a background the
 * stage is repeated as a shape above the image.
 */
export const EDITOR_SHAPE_PREFIX = '\u0000editor:'

const STAGE_FILLS: Record<Layout['stage']['type'], string | null> = {
  DEFAULT_STAGE: null,
  NUMBERED_STAGE: '#343a40',
  UNNUMBERED_STAGE: '#495057',
}

const editorShape = (name: string, fields: Partial<LayoutShape>): LayoutShape => ({
  id: `${EDITOR_SHAPE_PREFIX}${name}`,
  type: 'rect',
  name: '',
  fill: 'transparent',
  strokeWidth: 0,
  animation: 'no_animation',
  draggable: false,
  isDisabled: false,
  ...fields,
})

export function editorViewOf(doc: Layout, palette: SeatPalette, backgroundSrc: string | null): Layout {
  const extra: LayoutShape[] = [
    editorShape('canvas', { x: 0, y: 0, width: doc.canvas.width, height: doc.canvas.height }),
  ]
  const bg = doc.background
  if (bg && backgroundSrc) {
    extra.push(
      editorShape('background', {
        type: 'image',
        src: backgroundSrc,
        x: bg.x,
        y: bg.y,
        width: bg.width,
        height: bg.height,
      }),
    )
    const { stage } = doc
    if (stage.width > 0 && stage.height > 0)
      extra.push(
        editorShape('stage', {
          fill: STAGE_FILLS[stage.type] ?? palette.stage,
          x: stage.x,
          y: stage.y,
          width: stage.width,
          height: stage.height,
        }),
      )
  }
  return { ...doc, kind: 'Classic', shapes: [...extra, ...(doc.shapes ?? [])] }
}

/** The topmost shape of the document under a world point (shapes are drawn in order, last on top). */
export function shapeAt(doc: Layout, x: number, y: number): LayoutShape | null {
  const shapes = doc.shapes ?? []
  for (let i = shapes.length - 1; i >= 0; i--) {
    const shape = shapes[i] as LayoutShape
    if (shape.type === 'path' && shape.points && shape.points.length >= 6) {
      if (containsPoint(boundsOfPoints(shape.points), x, y) && pointInPolygon(shape.points, x, y))
        return shape
    } else if (containsPoint(shapeBounds(shape), x, y)) return shape
  }
  return null
}

export function stageAt(doc: Layout, x: number, y: number): boolean {
  const { stage } = doc
  return (
    stage.width > 0 &&
    x >= stage.x &&
    x <= stage.x + stage.width &&
    y >= stage.y &&
    y <= stage.y + stage.height
  )
}

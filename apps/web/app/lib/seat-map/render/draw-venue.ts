import type { LayoutShape } from '@palco/domain/seating/layout'
import { withAlpha } from '../model/color'
import type { HighlightStyle } from '../model/highlight'
import type { SeatPalette } from '../model/seat-colors'
import type { Venue, VenueSection } from '../model/venue-model'
import type { Viewport } from '../model/viewport'

/** Drawing helpers that know nothing about state or the frame loop; each expects the transform it names. */

export const LABEL_FONT = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

const STAGE_FILL: Record<Venue['stage']['type'], string> = {
  DEFAULT_STAGE: '', // the palette's pitch green
  NUMBERED_STAGE: '#343a40',
  UNNUMBERED_STAGE: '#495057',
}

/** World transform. */
export function drawStage(ctx: CanvasRenderingContext2D, venue: Venue, palette: SeatPalette): void {
  const { stage } = venue
  if (stage.width <= 0 || stage.height <= 0) return
  ctx.fillStyle = STAGE_FILL[stage.type] || palette.stage
  ctx.fillRect(stage.x, stage.y, stage.width, stage.height)
}

/** Screen transform (CSS pixels × dpr): text stays crisp and readable at any zoom. */
export function drawStageLabel(
  ctx: CanvasRenderingContext2D,
  venue: Venue,
  vp: Viewport,
  palette: SeatPalette,
): void {
  const { stage } = venue
  if (!stage.label || stage.width <= 0) return
  const w = stage.width * vp.scale
  const h = stage.height * vp.scale
  if (w < 40 || h < 14) return
  const size = Math.round(Math.min(18, Math.max(11, h / 6)))
  ctx.font = `600 ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`
  ctx.fillStyle = palette.stageText
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillText(
    stage.label,
    (stage.x + stage.width / 2) * vp.scale + vp.x,
    (stage.y + stage.height / 2) * vp.scale + vp.y,
  )
}

const images = new Map<string, HTMLImageElement>()

/** World transform. Images are loaded once and drawn when ready; `onImage` asks for a redraw then. */
export function drawShapes(
  ctx: CanvasRenderingContext2D,
  shapes: readonly LayoutShape[],
  onImage: () => void,
) {
  for (const shape of shapes) {
    ctx.globalAlpha = shape.isDisabled ? 0.5 : 1
    ctx.fillStyle = shape.fill
    const { x = 0, y = 0, width = 0, height = 0 } = shape
    if (shape.type === 'rect') ctx.fillRect(x, y, width, height)
    else if (shape.type === 'path' && shape.points && shape.points.length >= 4) {
      ctx.beginPath()
      ctx.moveTo(shape.points[0] as number, shape.points[1] as number)
      for (let i = 2; i + 1 < shape.points.length; i += 2) {
        ctx.lineTo(shape.points[i] as number, shape.points[i + 1] as number)
      }
      ctx.closePath()
      ctx.fill()
      if (shape.strokeWidth > 0) {
        ctx.lineWidth = shape.strokeWidth
        ctx.strokeStyle = shape.fill
        ctx.stroke()
      }
    } else if (shape.type === 'text' && shape.text) {
      ctx.font = `${height || 14}px system-ui, sans-serif`
      ctx.textAlign = 'left'
      ctx.textBaseline = 'top'
      ctx.fillText(shape.text, x, y)
    } else if (shape.type === 'image' && shape.src) {
      let img = images.get(shape.src)
      if (!img) {
        img = new Image()
        img.onload = onImage
        img.src = shape.src
        images.set(shape.src, img)
      }
      if (img.complete && img.naturalWidth > 0)
        ctx.drawImage(img, x, y, width || img.naturalWidth, height || img.naturalHeight)
    }
  }
  ctx.globalAlpha = 1
}

const polygonPaths = new WeakMap<VenueSection, Path2D>()

export function polygonPath(section: VenueSection): Path2D {
  let path = polygonPaths.get(section)
  if (!path) {
    path = new Path2D()
    const p = section.polygon
    path.moveTo(p[0] as number, p[1] as number)
    for (let i = 2; i + 1 < p.length; i += 2) path.lineTo(p[i] as number, p[i + 1] as number)
    path.closePath()
    polygonPaths.set(section, path)
  }
  return path
}

const labelWidths = new Map<string, number>()

/** Screen transform. A label is drawn only where it fits inside its section, so small ones stay clean. */
export function drawSectionLabel(ctx: CanvasRenderingContext2D, section: VenueSection, vp: Viewport): void {
  const text = section.label
  if (!text) return
  const w = (section.bounds.maxX - section.bounds.minX) * vp.scale
  const h = (section.bounds.maxY - section.bounds.minY) * vp.scale
  if (h < 16) return
  let tw = labelWidths.get(text)
  if (tw === undefined) {
    tw = ctx.measureText(text).width
    labelWidths.set(text, tw)
  }
  if (tw + 6 > w) return
  const x = section.centroid[0] * vp.scale + vp.x
  const y = section.centroid[1] * vp.scale + vp.y
  ctx.strokeText(text, x, y)
  ctx.fillText(text, x, y)
}

export function prepareLabelStyle(ctx: CanvasRenderingContext2D, palette: SeatPalette): void {
  ctx.font = LABEL_FONT
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.lineJoin = 'round'
  ctx.lineWidth = 3
  ctx.strokeStyle = palette.labelHalo
  ctx.fillStyle = palette.label
}

/**
 * World transform. A section polygon with its highlight style (model/highlight.ts): optional glow, fill,
 * a 1 CSS-pixel outline, and the highlight's extra border.
 */
export function drawSectionShape(
  ctx: CanvasRenderingContext2D,
  section: VenueSection,
  style: HighlightStyle,
  o: { fillAlpha: number; alpha: number; scale: number; dpr: number; outline: string },
): void {
  const path = polygonPath(section)
  ctx.globalAlpha = o.alpha
  if (style.shadowBlur > 0) {
    ctx.shadowColor = style.shadowColor
    // Shadows ignore the transform: their blur is in device pixels.
    ctx.shadowBlur = style.shadowBlur * o.dpr
  }
  ctx.fillStyle = withAlpha(style.fill, Math.min(1, o.fillAlpha * style.fillAlpha))
  ctx.fill(path)
  ctx.shadowBlur = 0
  ctx.lineWidth = 1 / o.scale
  ctx.strokeStyle = withAlpha(o.outline, 0.5)
  ctx.stroke(path)
  if (style.strokeWidth > 0) {
    ctx.lineWidth = style.strokeWidth / o.scale
    ctx.strokeStyle = style.strokeColor
    ctx.stroke(path)
  }
  ctx.globalAlpha = 1
}

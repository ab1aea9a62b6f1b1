import type { HighlightAnimation } from '@palco/domain/seating/layout-vocabulary'
import { mix } from './color'

/**
 * How a highlighted section is drawn at animation progress `t` (0 = at rest, 1 = fully highlighted), for
 * the highlight animations of spec §3. Values are in CSS pixels; the renderer interpolates `t` over a short
 * tween (or jumps straight to 1 when the fan prefers reduced motion).
 */
export interface HighlightStyle {
  /** Section fill colour. */
  fill: string
  /** Multiplier on the section's usual fill opacity. */
  fillAlpha: number
  shadowBlur: number
  shadowColor: string
  /** Extra outline; 0 for none. */
  strokeWidth: number
  strokeColor: string
  /** Opacity other sections are drawn at while this one is highlighted. */
  othersAlpha: number
}

export function highlightStyle(
  animation: HighlightAnimation,
  t: number,
  baseColor: string,
  ink: string,
): HighlightStyle {
  const k = Math.max(0, Math.min(1, t))
  const rest: HighlightStyle = {
    fill: baseColor,
    fillAlpha: 1,
    shadowBlur: 0,
    shadowColor: baseColor,
    strokeWidth: 0,
    strokeColor: ink,
    othersAlpha: 1,
  }
  switch (animation) {
    case 'shadow':
      return { ...rest, shadowBlur: 18 * k }
    case 'color':
      // Lighter and fully opaque, so the section reads as "lit".
      return { ...rest, fill: mix(baseColor, '#ffffff', 0.35 * k), fillAlpha: 1 + 0.6 * k }
    case 'opacity':
      return { ...rest, othersAlpha: 1 - 0.6 * k }
    case 'border':
      return { ...rest, strokeWidth: 3 * k }
    case 'no_animation':
      return rest
  }
}

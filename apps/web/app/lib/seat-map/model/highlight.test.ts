import { HIGHLIGHT_ANIMATIONS } from '@palco/domain/seating/layout-vocabulary'
import { describe, expect, it } from 'vitest'
import { mix, parseHex, parseRgbFunction, withAlpha } from './color'
import { highlightStyle } from './highlight'

const BASE = '#1c7ed6'
const rest = highlightStyle('no_animation', 1, BASE, '#000000')

describe('section highlight (spec §3 animations)', () => {
  it.each(HIGHLIGHT_ANIMATIONS)('%s is at rest at t = 0', (animation) => {
    expect(highlightStyle(animation, 0, BASE, '#000000')).toEqual(rest)
  })

  it('no_animation never changes anything', () => {
    expect(rest).toMatchObject({ fill: BASE, fillAlpha: 1, shadowBlur: 0, strokeWidth: 0, othersAlpha: 1 })
  })

  it('shadow glows, color lightens, opacity dims the others, border outlines', () => {
    expect(highlightStyle('shadow', 1, BASE, '#000000').shadowBlur).toBeGreaterThan(0)
    const color = highlightStyle('color', 1, BASE, '#000000')
    expect(color.fill).not.toBe(BASE)
    expect(color.fillAlpha).toBeGreaterThan(1)
    expect(highlightStyle('opacity', 1, BASE, '#000000').othersAlpha).toBeLessThan(1)
    expect(highlightStyle('border', 1, BASE, '#000000').strokeWidth).toBeGreaterThan(0)
  })

  it('grows with progress', () => {
    expect(highlightStyle('border', 0.5, BASE, '#000').strokeWidth).toBeLessThan(
      highlightStyle('border', 1, BASE, '#000').strokeWidth,
    )
  })
})

describe('colour helpers', () => {
  it('parses and mixes hex colours', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255])
    expect(parseHex('red')).toBeNull()
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080')
    expect(mix('red', '#ffffff', 0.5)).toBe('red')
    expect(withAlpha('#ff0000', 0.25)).toBe('rgba(255, 0, 0, 0.25)')
    expect(parseRgbFunction('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3])
    expect(parseRgbFunction('#fff')).toBeNull()
  })
})

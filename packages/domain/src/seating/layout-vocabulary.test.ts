import { describe, expect, it } from 'vitest'
import {
  CANVAS_DEFAULTS,
  DEFAULT_SECTION_NAME,
  DEFAULT_SHAPE_ANIMATION,
  HIGHLIGHT_ANIMATIONS,
  LAYOUT_EXPORT_FILE_NAME,
  RESERVATION_TIME_LIMIT_MINUTES,
  VIEW_DIRECTIONS,
  viewDirectionSchema,
} from './layout-vocabulary.js'

describe('layout vocabulary (spec §3, §9)', () => {
  it('has the spec constants', () => {
    expect(CANVAS_DEFAULTS).toEqual({
      stage: { width: 800, height: 600 },
      alternative: { width: 720, height: 540 },
      tour: { width: 800, height: 600 },
      origin: { x: 0, y: 0 },
      margins: { top: 40, horizontal: 20, bottom: 20 },
    })
    expect(DEFAULT_SECTION_NAME).toBe('Sin Sección')
    expect(LAYOUT_EXPORT_FILE_NAME).toBe('layout.json')
    expect(RESERVATION_TIME_LIMIT_MINUTES).toBe(10)
    expect(HIGHLIGHT_ANIMATIONS).toContain(DEFAULT_SHAPE_ANIMATION)
    expect(VIEW_DIRECTIONS).toHaveLength(8)
  })

  it.each([
    ['NORTH', true],
    ['SOUTH_WEST', true],
    ['NORTHWEST', false],
    ['north', false],
  ])('view direction %s valid → %s', (value, expected) => {
    expect(viewDirectionSchema.safeParse(value).success).toBe(expected)
  })
})

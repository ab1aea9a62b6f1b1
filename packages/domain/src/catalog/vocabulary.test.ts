import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PAGE_INDEX,
  DEFAULT_PAGE_SIZE,
  EVENT_TYPES,
  type EventType,
  isMultiEventType,
  isSportEventType,
  isStadiumCode,
  paginationSchema,
} from './vocabulary.js'

describe('event types (spec §1, §3)', () => {
  it.each<[EventType, boolean, boolean]>([
    ['SEASON_PASS', true, false],
    ['EVENT_BUNDLE', true, false],
    ['TOUR_BUNDLE', true, false],
    ['EVENT', false, false],
    ['TOUR', false, false],
    ['INSCRIPTION', false, false],
    ['BASKETBALL', false, true],
    ['FOOTBALL', false, true],
    ['CYCLING', false, true],
    ['TENNIS', false, true],
  ])('%s: multi-event %s, sport %s', (type, multi, sport) => {
    expect(isMultiEventType(type)).toBe(multi)
    expect(isSportEventType(type)).toBe(sport)
  })

  it('lists ten types', () => {
    expect(EVENT_TYPES).toHaveLength(10)
  })
})

describe('pagination (spec §9)', () => {
  it.each<[Record<string, unknown>, { page: number; size: number } | null]>([
    [{}, { page: DEFAULT_PAGE_INDEX, size: DEFAULT_PAGE_SIZE }],
    [
      { page: '2', size: '50' },
      { page: 2, size: 50 },
    ],
    [
      { page: 0, size: 100 },
      { page: 0, size: 100 },
    ],
    [{ page: -1 }, null],
    [{ size: 0 }, null],
    [{ size: 101 }, null],
    [{ page: '1.5' }, null],
    [{ page: 'x' }, null],
  ])('%j → %j', (query, expected) => {
    const result = paginationSchema.safeParse(query)
    expect(result.success ? result.data : null).toEqual(expected)
  })

  it('starts at page 0 with 20 items', () => {
    expect([DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE]).toEqual([0, 20])
  })
})

describe('stadium codes (spec §3)', () => {
  it.each<[unknown, boolean]>([
    ['ATS', true],
    ['SAN', true],
    ['IFC', true],
    ['OSW', true],
    ['ats', false],
    ['XYZ', false],
    [null, false],
  ])('isStadiumCode(%j) → %s', (value, expected) => {
    expect(isStadiumCode(value)).toBe(expected)
  })
})

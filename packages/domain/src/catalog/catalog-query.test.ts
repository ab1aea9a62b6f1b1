import { describe, expect, it } from 'vitest'
import {
  containsPattern,
  dateRangeBounds,
  eventLookupQuerySchema,
  eventSearchQuerySchema,
  foldSearchText,
  hasSearchFilters,
  isUuid,
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
} from './catalog-query.js'

describe('eventSearchQuerySchema', () => {
  it.each<[Record<string, string>, Record<string, unknown> | null]>([
    [{}, { page: 0, size: 20 }],
    [
      { q: '  salsa ', category: 'conciertos', sport: 'SAN', page: '2' },
      { page: 2, size: 20, q: 'salsa', category: 'conciertos', sport: 'SAN' },
    ],
    [
      { q: '', category: '', sport: '', type: '', from: '', to: '' },
      { page: 0, size: 20 },
    ],
    [{ type: 'FOOTBALL' }, { page: 0, size: 20, type: 'FOOTBALL' }],
    [
      { from: '2026-06-01', to: '2026-06-01' },
      { page: 0, size: 20, from: '2026-06-01', to: '2026-06-01' },
    ],
    [{ type: 'OPERA' }, null],
    [{ category: 'Con Ciertos' }, null],
    [{ sport: 'S' }, null],
    [{ sport: 'drop table;' }, null],
    [{ q: 'x'.repeat(101) }, null],
    [{ from: '2026-13-01' }, null],
    [{ from: '2026-06-02', to: '2026-06-01' }, null],
  ])('%j → %j', (query, expected) => {
    const parsed = eventSearchQuerySchema.safeParse(query)
    expect(parsed.success ? JSON.parse(JSON.stringify(parsed.data)) : null).toEqual(expected)
  })

  it('names `to` when the range is backwards', () => {
    const parsed = eventSearchQuerySchema.safeParse({ from: '2026-06-02', to: '2026-06-01' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.path).toEqual(['to'])
  })
})

describe('eventLookupQuerySchema', () => {
  it.each<[Record<string, string>, boolean]>([
    [{ id: 'abc' }, true],
    [{ slug: 'clasico' }, true],
    [{}, false],
    [{ id: '', slug: '' }, false],
    [{ id: 'a', slug: 'b' }, false],
  ])('%j valid: %s', (query, ok) => {
    expect(eventLookupQuerySchema.safeParse(query).success).toBe(ok)
  })
})

describe('search text', () => {
  it.each([
    ['Bogotá', 'bogota'],
    ['  MEDELLÍN   centro ', 'medellin centro'],
    ['Ñandú', 'nandu'],
    ['São Paulo', 'sao paulo'],
  ])('folds %j to %j', (input, expected) => {
    expect(foldSearchText(input)).toBe(expected)
  })

  it('escapes LIKE wildcards so they match literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })

  it('keeps the SQL fold table aligned and consistent with the JS fold', () => {
    expect([...SEARCH_FOLD_FROM]).toHaveLength([...SEARCH_FOLD_TO].length)
    ;[...SEARCH_FOLD_FROM].forEach((ch, i) => {
      expect(foldSearchText(ch), ch).toBe([...SEARCH_FOLD_TO][i])
    })
  })
})

describe('dateRangeBounds', () => {
  it('turns local dates into instants in the venue country zone, end exclusive', () => {
    expect(dateRangeBounds({ from: '2026-06-01', to: '2026-06-30' }, 'America/Bogota')).toEqual({
      start: new Date('2026-06-01T05:00:00Z'),
      end: new Date('2026-07-01T05:00:00Z'),
    })
    expect(dateRangeBounds({ to: '2026-12-31' }, 'America/Mexico_City')).toEqual({
      end: new Date('2027-01-01T06:00:00Z'),
    })
    expect(dateRangeBounds({}, 'America/Bogota')).toEqual({})
  })
})

describe('helpers', () => {
  it.each([
    ['0b5d3c1e-8a9f-4c2b-9d7e-1f2a3b4c5d6e', true],
    ['0B5D3C1E-8A9F-4C2B-9D7E-1F2A3B4C5D6E', true],
    ['not-a-uuid', false],
    ["1' or '1'='1", false],
  ])('isUuid(%j) → %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected)
  })

  it('knows when a listing is filtered', () => {
    expect(hasSearchFilters({ page: 2, size: 20 })).toBe(false)
    expect(hasSearchFilters({ q: 'salsa' })).toBe(true)
    expect(hasSearchFilters({ sport: 'SAN' })).toBe(true)
  })
})

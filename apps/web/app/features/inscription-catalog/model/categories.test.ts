import { describe, expect, it } from 'vitest'
import {
  ageRuleWording,
  categoryAvailability,
  inscriptionDetailPath,
  inscriptionFormPath,
  loginPathFor,
  placesLeftOf,
  selectionOf,
} from './categories'

describe('ageRuleWording', () => {
  it.each([
    [null, null],
    [{ minAge: null, maxAge: null }, null],
    [{ minAge: 0, maxAge: null }, null],
    [
      { minAge: 18, maxAge: null },
      { key: 'atLeast', values: { min: 18 } },
    ],
    [
      { minAge: null, maxAge: 12 },
      { key: 'atMost', values: { max: 12 } },
    ],
    [
      { minAge: 0, maxAge: 12 },
      { key: 'atMost', values: { max: 12 } },
    ],
    [
      { minAge: 14, maxAge: 17 },
      { key: 'between', values: { min: 14, max: 17 } },
    ],
    [
      { minAge: 16, maxAge: 16 },
      { key: 'exactly', values: { age: 16 } },
    ],
  ] as const)('%o → %o', (rule, wording) => {
    expect(ageRuleWording(rule)).toEqual(wording)
  })
})

describe('categoryAvailability', () => {
  it.each([
    ['plenty of places: the per-fan limit', { available: 3000, soldOut: false, perFanMax: 4 }, 4, 3000],
    ['fewer places than the limit', { available: 2, soldOut: false, perFanMax: 4 }, 2, 2],
    ['no stated capacity', { available: null, soldOut: false, perFanMax: 4 }, 4, null],
    ['a generous limit stops at the ceiling', { available: null, soldOut: false, perFanMax: 50 }, 10, null],
  ])('%s', (_, zone, max, left) => {
    expect(categoryAvailability(zone)).toEqual({ state: 'open', maxParticipants: max, placesLeft: left })
  })

  it.each([
    ['sold out', { available: 0, soldOut: true, perFanMax: 4 }],
    ['no places though not flagged', { available: 0, soldOut: false, perFanMax: 4 }],
    ['over-taken capacity', { available: -3, soldOut: false, perFanMax: 4 }],
    ['a limit of zero', { available: 100, soldOut: false, perFanMax: 0 }],
  ])('full when %s', (_, zone) => {
    expect(categoryAvailability(zone)).toEqual({ state: 'full' })
  })
})

describe('placesLeftOf', () => {
  it('adds the places of every category', () => {
    expect(placesLeftOf([{ available: 10 }, { available: 0 }, { available: 5 }])).toBe(15)
  })
  it('is unknown when a category has no capacity, or there is none', () => {
    expect(placesLeftOf([{ available: 10 }, { available: null }])).toBeNull()
    expect(placesLeftOf([])).toBeNull()
  })
})

describe('selectionOf', () => {
  const zones = [
    { id: 'a', available: 100, soldOut: false, perFanMax: 4 },
    { id: 'b', available: 0, soldOut: true, perFanMax: 4 },
  ]
  const params = (q: string) => new URLSearchParams(q)

  it('keeps a category that can take the participants', () => {
    expect(selectionOf(params('category=a&participants=3'), zones)).toEqual({ zoneId: 'a', participants: 3 })
  })
  it('lowers the participants to what the category allows, and reads nonsense as one', () => {
    expect(selectionOf(params('category=a&participants=9'), zones)).toEqual({ zoneId: 'a', participants: 4 })
    expect(selectionOf(params('category=a&participants=x'), zones)).toEqual({ zoneId: 'a', participants: 1 })
    expect(selectionOf(params('category=a'), zones)).toEqual({ zoneId: 'a', participants: 1 })
  })
  it('drops a full or unknown category', () => {
    expect(selectionOf(params('category=b&participants=1'), zones)).toBeNull()
    expect(selectionOf(params('category=zzz'), zones)).toBeNull()
    expect(selectionOf(params(''), zones)).toBeNull()
  })
})

describe('paths', () => {
  it('links the detail page by slug, with a choice when there is one', () => {
    expect(inscriptionDetailPath('carrera-10k')).toBe('/inscriptions/detail?event=carrera-10k')
    expect(inscriptionDetailPath('carrera-10k', { zoneId: 'z1', participants: 2 })).toBe(
      '/inscriptions/detail?event=carrera-10k&category=z1&participants=2',
    )
  })
  it('continues to the participants’ form with the hold and the event', () => {
    expect(inscriptionFormPath('r-1', 'carrera-10k')).toBe(
      '/checkout/inscriptions/form?reservation=r-1&event=carrera-10k',
    )
  })
  it('sends a visitor to log in and back to the same choice', () => {
    const url = new URL(loginPathFor('carrera-10k', { zoneId: 'z1', participants: 2 }), 'http://x')
    expect(url.pathname).toBe('/authorization/login')
    expect(url.searchParams.get('redirectTo')).toBe(
      '/inscriptions/detail?event=carrera-10k&category=z1&participants=2',
    )
  })
})

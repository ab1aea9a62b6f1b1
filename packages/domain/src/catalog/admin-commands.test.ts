import { describe, expect, it } from 'vitest'
import { type EventInput, eventRuleBreaks, zoneInputSchema } from './admin-commands.js'

const base: Pick<
  EventInput,
  'type' | 'pageCategory' | 'startsAt' | 'endsAt' | 'onSaleAt' | 'offSaleAt' | 'zones'
> = {
  type: 'EVENT',
  pageCategory: 'HOME',
  startsAt: '2027-03-01T20:00:00-05:00',
  endsAt: '2027-03-01T23:00:00-05:00',
  onSaleAt: '2027-01-01T00:00:00-05:00',
  offSaleAt: '2027-03-01T20:00:00-05:00',
  zones: [zoneInputSchema.parse({ name: 'Norte', price: 5_000_000, sectionCodes: ['N1'] })],
}
const places = new Map([
  ['N1', 100],
  ['S1', 50],
])

describe('eventRuleBreaks', () => {
  it('accepts a sound event', () => {
    expect(eventRuleBreaks(base, places)).toEqual([])
    for (const pageCategory of ['HOME', 'INSCRIPTION', 'ENROLLMENTS', 'WEB_ODE'] as const)
      expect(eventRuleBreaks({ ...base, type: 'INSCRIPTION', pageCategory }, places)).toEqual([])
  })

  it.each([
    [{ endsAt: '2027-03-01T19:00:00-05:00' }, 'endsAt', 'endBeforeStart'],
    // `/inscriptions` lists sign-ups only: a concert filed there would be listed nowhere.
    [{ pageCategory: 'ENROLLMENTS' as const }, 'pageCategory', 'signUpListingNeedsInscription'],
    [{ pageCategory: 'INSCRIPTION' as const }, 'pageCategory', 'signUpListingNeedsInscription'],
    [{ offSaleAt: '2026-12-01T00:00:00-05:00' }, 'offSaleAt', 'offSaleBeforeOnSale'],
    [{ offSaleAt: '2027-03-02T00:00:00-05:00' }, 'offSaleAt', 'offSaleAfterEnd'],
    [
      { zones: [zoneInputSchema.parse({ name: 'Z', price: 0, sectionCodes: ['N1'] })] },
      'zones.0.price',
      'pricePositive',
    ],
    [
      { zones: [zoneInputSchema.parse({ name: 'Z', price: -1 + 1, capacity: 10 })] },
      'zones.0.price',
      'pricePositive',
    ],
    [
      { zones: [zoneInputSchema.parse({ name: 'Z', price: 100, sectionCodes: ['N1'], capacity: 101 })] },
      'zones.0.capacity',
      'zoneLargerThanSection',
    ],
    [
      { zones: [zoneInputSchema.parse({ name: 'Z', price: 100, sectionCodes: ['X9'] })] },
      'zones.0.sectionCodes',
      'unknownSection',
    ],
    [{ zones: [zoneInputSchema.parse({ name: 'Z', price: 100 })] }, 'zones.0.capacity', 'capacityRequired'],
    [
      {
        zones: [
          zoneInputSchema.parse({ name: 'A', price: 100, sectionCodes: ['N1'] }),
          zoneInputSchema.parse({ name: 'B', price: 100, sectionCodes: ['N1'] }),
        ],
      },
      'zones.1.sectionCodes',
      'sectionInTwoZones',
    ],
  ])('%o breaks %s (%s)', (patch, field, rule) => {
    expect(eventRuleBreaks({ ...base, ...patch }, places)).toContainEqual({ field, rule })
  })

  it('lets a courtesy zone be free', () => {
    const zones = [zoneInputSchema.parse({ name: 'Cortesía', price: 0, courtesy: true, capacity: 20 })]
    expect(eventRuleBreaks({ ...base, zones }, places)).toEqual([])
  })
})

describe('eventPatchSchema', () => {
  it('keeps absent fields absent instead of filling create defaults', async () => {
    const { eventPatchSchema } = await import('./admin-commands.js')
    expect(eventPatchSchema.parse({ name: 'Nuevo' })).toEqual({ name: 'Nuevo' })
    expect(eventPatchSchema.parse({ zones: [] })).toEqual({ zones: [] })
    expect(() => eventPatchSchema.parse({ visibility: 'SECRET' })).toThrow()
  })
})

import { describe, expect, it } from 'vitest'
import {
  EMPTY_DRAFT,
  fieldErrorsOf,
  isoOfLocalInput,
  localInputOf,
  type PromoDraft,
  requestOf,
  zonesWithin,
} from './promo-draft'

const CO = { currency: 'COP', timeZone: 'America/Bogota' } as const
const draft = (over: Partial<PromoDraft>): PromoDraft => ({ ...EMPTY_DRAFT, ...over })

describe('the promo-code form', () => {
  it('reads times on the site’s clock, and writes them back the same', () => {
    expect(isoOfLocalInput('2026-06-01T00:00', 'America/Bogota')).toBe('2026-06-01T05:00:00.000Z')
    expect(isoOfLocalInput('2026-06-01T00:00', 'America/Mexico_City')).toBe('2026-06-01T06:00:00.000Z')
    expect(localInputOf('2026-06-01T05:00:00.000Z', 'America/Bogota')).toBe('2026-06-01T00:00')
    expect(isoOfLocalInput('', 'America/Bogota')).toBeNull()
    expect(isoOfLocalInput('mañana', 'America/Bogota')).toBe('mañana')
  })

  it('asks for one code in basis points, with no amount', () => {
    const r = requestOf(
      draft({
        code: 'verano',
        percent: 12.5,
        maxUses: 100,
        maxUsesPerFan: 1,
        eventIds: ['e1'],
        startsAt: '2026-06-01T00:00',
      }),
      CO,
    )
    expect(r).toEqual({
      mode: 'ONE',
      body: {
        code: 'verano',
        kind: 'PERCENT',
        percentBps: 1_250,
        amount: null,
        startsAt: '2026-06-01T05:00:00.000Z',
        endsAt: null,
        maxUses: 100,
        maxUsesPerFan: 1,
        eventIds: ['e1'],
        zoneIds: [],
      },
    })
  })

  it('asks for a batch of fixed amounts in minor units, labelled by its prefix when left blank', () => {
    const r = requestOf(
      draft({
        mode: 'BATCH',
        prefix: 'socios',
        count: 500,
        kind: 'FIXED',
        amount: 20_000,
        maxUsesPerFan: '',
      }),
      CO,
    )
    expect(r.mode).toBe('BATCH')
    expect(r.body).toMatchObject({
      prefix: 'socios',
      count: 500,
      label: null,
      kind: 'FIXED',
      percentBps: null,
      amount: 2_000_000,
      maxUsesPerFan: null,
    })
    expect(r.body).not.toHaveProperty('code')
  })

  it('puts the server’s field messages on the form’s inputs', () => {
    expect(
      fieldErrorsOf({
        percentBps: 'percentRange',
        'eventIds.0': 'invalid',
        endsAt: 'endBeforeStart',
        other: 'x',
      }),
    ).toEqual({ percent: 'percentRange', eventIds: 'invalid', endsAt: 'endBeforeStart' })
  })

  it('keeps chosen tiers only while their event is chosen', () => {
    const events = [
      { id: 'e1', zones: [{ id: 'z1' }, { id: 'z2' }] },
      { id: 'e2', zones: [{ id: 'z3' }] },
    ]
    expect(zonesWithin(['z1', 'z3'], ['e1'], events)).toEqual(['z1'])
    expect(zonesWithin(['z1', 'z3'], [], events)).toEqual([])
  })
})
